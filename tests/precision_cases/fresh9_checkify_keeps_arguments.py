"""``checkify.checkify(f)`` closes over the arguments it is called with: a Python value stays a
Python value in ``f``, and a static argument of a jitted ``f`` stays static.

``checkify.checkify(f)(*args)`` stages ``f`` with its arguments closed over, not abstracted
(checked on JAX 0.10.2: inside ``f`` a Python int is an ``int``, a NamedTuple of Python values is
that NamedTuple, an array is the concrete array, and every jnp operation on it is a tracer). So a
configuration passed as a NamedTuple of Python ints can drive Python ``if``s in ``f``, and a
jitted ``f`` with ``static_argnames=["config"]`` gets it as a static argument through checkify as
it does when called directly. The arrays ``f`` receives still give tracers as soon as JAX
operates on them: ``if jnp.sum(x) > 0`` or ``if x[0] > 0`` raises TracerBoolConversionError
(``tests/precision_cases/fresh9_true_checkify_array_argument.py``).

Seen as (held-out 9): a hydrodynamics code runs its jitted time integration
(``@partial(jax.jit, static_argnames=["config", ...])``) either directly or, when runtime debugging
is asked for, as ``checkify.checkify(_time_integration, errors)(state, config, params, ...)``;
``if config.boundary_handling == GHOST_CELLS:`` and a dozen like it were reported as traced.
"""

from functools import partial
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax.experimental import checkify

GHOST_CELLS = 0
PERIODIC = 1


class Config(NamedTuple):
    boundary: int = GHOST_CELLS
    pad: int = 2
    debug: bool = False


@partial(jax.jit, static_argnames=["config"])
def integrate(state, config: Config):
    if config.boundary == GHOST_CELLS:
        state = jnp.pad(state, config.pad, mode="edge")
    return jnp.where(jnp.isfinite(state), state * 0.5, 0.0)


def run(state, config: Config):
    if config.debug:
        err, out = checkify.checkify(integrate, checkify.user_checks | checkify.float_checks)(state, config)
        err.throw()
        return out
    return integrate(state, config)


def smooth(x, width, mode):
    # checkify of a plain function: `width` and `mode` are the caller's Python values
    if mode == "box":
        return jnp.convolve(x, jnp.ones(width) / width, mode="same")
    return x


def checked_smooth(x):
    err, out = checkify.checkify(smooth)(x, 3, "box")
    err.throw()
    return out


RUNS = [
    lambda: run(jnp.ones(4), Config(debug=True)),
    lambda: run(jnp.ones(4), Config(boundary=PERIODIC, debug=True)),
    lambda: run(jnp.ones(4), Config()),
    lambda: checked_smooth(jnp.arange(6.0)),
]
