"""True: a nested function's `if state is None:` branch runs under the trace when the enclosing
function stages it where `state` may still be None, so the jnp value handed to NumPy there is a
tracer. The counterpart of closure_none_narrowing.py: here the early exit comes after the staging
(`lax.cond` before `if state is None: return`), or the parameter is rebound after the exit
(`state = None`), or staged code calls the nested function itself, at Python level, with `state`
None.
"""

import numpy as np

import jax
import jax.numpy as jnp
from jax import lax


def staged_before_exit(x, state=None):
    def inner(x):
        if state is None:
            return x * float(np.asarray(jnp.max(x)))  # expect: JG104
        return x

    out = lax.cond(x[0] > 0, inner, lambda x: x, x)
    if state is None:
        return out
    return out * 2


def rebound_after_exit(x, state=None):
    def inner(x):
        if state is None:
            return x * float(np.asarray(jnp.min(x)))  # expect: JG104
        return x

    if state is None:
        return x
    state = None
    return lax.cond(x[0] > 0, inner, lambda x: x, x)


@jax.jit
def staged_caller(x, state=None):
    def inner(x):
        if state is None:
            return x * float(np.asarray(jnp.sum(x)))  # expect: JG104
        return x

    if state is None:
        return inner(x)
    return lax.cond(x[0] > 0, inner, lambda x: x, x)


RAISES = [
    (lambda: staged_before_exit(jnp.ones(3)), "TracerArrayConversionError"),
    (lambda: rebound_after_exit(jnp.ones(3), state=(1,)), "TracerArrayConversionError"),
    (lambda: staged_caller(jnp.ones(3)), "TracerArrayConversionError"),
]
