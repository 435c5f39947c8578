# Report: jax-ml/jax#3708 https://github.com/jax-ml/jax/issues/3708
# Class: 5 (what reaches a static position: a Python slice object)
# Rule: JG203
# Reduced: "Problematic handling of Python slices": `foo(arr, s)` jitted with `static_argnums=1`
# and called with `slice(1, 2)`; slices are not hashable (before Python 3.12), so JAX of the time
# keyed the cache on the slice's identity and recompiled on every equal slice, and the planned
# change made it "a loud error" (today: "Non-hashable static arguments are not supported"). Here
# the jitted function takes the rows of a window given as a slice. Fix (the direction of the
# thread): pass the hashable `(start, stop)` pair and build the slice inside.
from functools import partial

import jax
import jax.numpy as jnp


# --- must be flagged ---


@partial(jax.jit, static_argnums=1)
def foo(arr, s):
    return arr[s]


def bug():
    a = jax.numpy.array([1, 2, 3])
    return foo(a, slice(1, 2))  # expect: JG203


# --- must not be flagged ---


@partial(jax.jit, static_argnums=(1, 2))
def foo_bounds(arr, start, stop):
    return arr[slice(start, stop)]


def fixed():
    a = jnp.array([1, 2, 3])
    return foo_bounds(a, 1, 2)


RAISES = [(bug, "ValueError")]
RUNS = [fixed]
