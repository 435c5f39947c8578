"""True (look-alike of ``merge4_subclass_record_guarded.py``): the field of a subclass instance of
a dataclass holds what the constructor or ``dataclasses.replace`` put there, a tracer when the
value is traced, so a Python test of it in a method raises under ``jit`` (JAX 0.10.2:
TracerBoolConversionError, for ``jnp.any`` of it too), whether the field is the
base's (an undecorated subclass) or the subclass's own (a ``@dataclass`` subclass).
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
        if jnp.any(self.limit < 0):  # expect: JG101
            raise ValueError("negative limit")
        return self


@dataclasses.dataclass(frozen=True)
class Band(Window):
    width: float = 1.0

    def wide(self):
        return self.width > 2.0


@jax.jit
def clamp(x, hi):
    w = dataclasses.replace(Clamp(jnp.zeros(2)), limit=hi).checked()
    return jnp.minimum(x, w.limit) * w.gain


@jax.jit
def band(x, w):
    b = Band(jnp.zeros(2), 2.0, w)
    if b.wide():  # expect: JG101
        return x * b.width
    return x


RAISES = [
    (lambda: clamp(jnp.ones(2), jnp.ones(2)), "TracerBoolConversionError"),
    (lambda: band(jnp.ones(2), 3.0), "TracerBoolConversionError"),
]
