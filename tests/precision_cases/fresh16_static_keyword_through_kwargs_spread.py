"""KWREST: ``static_argnames`` makes the named keywords of a ``**options`` parameter static one
by one, and they stay Python values when the dict is spread on into a helper.

``jax.jit`` hands a ``**options`` parameter a Python dict of the keywords the caller gave: a
key that ``static_argnames`` names holds the caller's Python value, any other key a tracer.
``self._integrate(state, **options)`` passes the same values on, so in the helper
``options.get("scheme", self.scheme)`` is the static keyword (or the default, a Python value
too): a Python ``if`` on it, or a comparison with an Enum member, runs (JAX 0.10.2: all three
calls below run; ``options.get("gain", ...)`` is a tracer when passed, used only in arithmetic).
(``rules/JG101_kwargs.py``: a keyword ``static_argnames`` does not name, tested in an ``if``,
raises TracerBoolConversionError; the model reads it as traced.)

Seen as (held-out 16): a model-predictive-control solver whose jitted ``update(self, params,
**config)`` (``static_argnames`` naming two keys) spreads ``config`` into a private method that
branches on one of them (3 findings).
"""

import enum
from functools import partial

import jax
import jax.numpy as jnp


class Scheme(enum.Enum):
    EXPLICIT = "explicit"
    IMPLICIT = "implicit"


class Integrator:
    def __init__(self):
        self.scheme = Scheme.EXPLICIT
        self.gain = 1.0

    @partial(jax.jit, static_argnums=(0,), static_argnames=("scheme", "substeps"))
    def advance(self, state, **options):
        return jax.lax.cond(jnp.any(state > 0), lambda: self._integrate(state, **options), lambda: state)

    def _integrate(self, state, **options):
        scheme = options.get("scheme", self.scheme)
        gain = options.get("gain", self.gain)
        for _ in range(options.get("substeps", 1)):
            if scheme == Scheme.EXPLICIT:
                state = state + 0.1 * gain * state
            elif scheme is Scheme.IMPLICIT:
                state = state / (1.0 - 0.1 * gain)
        return state


RUNS = [
    lambda: Integrator().advance(jnp.ones(3)),
    lambda: Integrator().advance(jnp.ones(3), gain=jnp.float32(0.5)),
    lambda: Integrator().advance(jnp.ones(3), gain=jnp.float32(0.5), scheme=Scheme.IMPLICIT, substeps=2),
]
