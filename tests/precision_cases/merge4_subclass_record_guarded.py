"""An instance of a subclass of a dataclass holds the fields of its base (Python's dataclasses: an
undecorated subclass keeps the base's ``__init__``; a ``@dataclass`` subclass adds its own fields
after the base's), and ``dataclasses.replace`` of one gives the same subclass with the new value
in that field. A tracer type test of such a field short-circuits as it does for any traced value:
with ``dataclasses.replace(Clamp(...), limit=traced)`` the method's ``not isinstance(self.limit,
Tracer) and ...`` never evaluates its right side in the trace (JAX 0.10.2: both classes run
under ``jit`` and eagerly). (``merge4_true_subclass_record_field.py``: the unguarded check on the
same records raises.)

Seen as (twenty-first report batch, its look-alike's first form): a frozen parameter dataclass's
subclass whose ``validate`` defers the numeric check for traced leaves with an ``and`` guard.
"""

import dataclasses

import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class Window:
    limit: jnp.ndarray
    gain: float = 2.0


class Clamp(Window):
    def checked(self):
        if not isinstance(self.limit, jax.core.Tracer) and jnp.any(self.limit < 0):
            raise ValueError("negative limit")
        return self


@dataclasses.dataclass(frozen=True)
class Band(Window):
    width: float = 1.0

    def checked(self):
        if isinstance(self.limit, jax.core.Tracer):
            return self
        if jnp.any(jnp.abs(self.limit) > self.width * 100):
            raise ValueError("limit outside the band")
        return self


@jax.jit
def clamp(x, hi):
    w = dataclasses.replace(Clamp(jnp.zeros(2)), limit=hi).checked()
    return jnp.minimum(x, w.limit) * w.gain


@jax.jit
def band(x, hi):
    b = dataclasses.replace(Band(jnp.zeros(2), 2.0, 3.0), limit=hi).checked()
    return jnp.minimum(x, b.limit) * b.width


RUNS = [
    lambda: clamp(jnp.ones(2), jnp.ones(2)),
    lambda: band(jnp.ones(2), jnp.ones(2)),
    lambda: Clamp(jnp.ones(2)).checked(),
    lambda: Band(jnp.ones(2)).checked(),
]
