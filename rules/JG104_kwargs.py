"""JG104 concretization: a keyword collected by a jitted function's `**kwargs`, converted to a
Python number.

Keyword values that `static_argnames` does not name are tracers, also once the dict is spread
into a helper: `int(...)`, `float(...)` of one raise ConcretizationTypeError. The keys
`static_argnames` names hold the caller's Python values.
"""

from functools import partial

import jax
import jax.numpy as jnp

# --- must be flagged -------------------------------------------------------------------------


def _tolerance(x, **opts):
    tol = float(opts["tol"])  # expect: JG104
    return jnp.where(jnp.abs(x) < tol, 0.0, x)


@partial(jax.jit, static_argnames=("norm",))
def denoise(x, **opts):
    return _tolerance(x, **opts)


@jax.jit
def repeat(x, **opts):
    return x * int(opts.get("times", 1))  # expect: JG104


# --- must not be flagged ---------------------------------------------------------------------


@partial(jax.jit, static_argnames=("tol",))
def denoise_static(x, **opts):
    return _tolerance(x, **opts)


@partial(jax.jit, static_argnames=("times",))
def repeat_static(x, **opts):
    return x * int(opts.get("times", 1))


RAISES = [
    (lambda: denoise(jnp.ones(3), tol=0.5, norm="l1"), "ConcretizationTypeError"),
    (lambda: repeat(jnp.ones(3), times=2), "ConcretizationTypeError"),
]

RUNS = [
    lambda: denoise_static(jnp.ones(3), tol=0.5),
    lambda: repeat_static(jnp.ones(3), times=2),
]
