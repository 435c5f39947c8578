# Report: https://github.com/google/jax/commit/cb48f42 (JAX commit "Raise an error on non-hashable static arguments for jax.jit", with the user-facing example it fixes)
# Class: 5 (what reaches a static position: a NumPy array from `np.asarray`)
# Rule: JG203
# Reduced: the commit's example: `sum` jitted with `static_argnums=(1,)` and called as
# `sum(np.asarray([1, 2, 3]), np.asarray([4, 5, 6]))`. Before it, JAX hashed the unhashable
# NumPy array by identity and recompiled at every call with a new array; since it, the call
# raises "Non-hashable static arguments are not supported". Its advice: "If specifying numpy
# array or jnp arrays arguments as static, you probably simply need to make them non static" (or
# pass a tuple when the values really are compile-time constants).
from functools import partial

import jax
import numpy as np


@partial(jax.jit, static_argnums=(1,))
def sum_static(a, b):
    return a + b


@jax.jit
def sum_traced(a, b):
    return a + b


@partial(jax.jit, static_argnums=(1,))
def sum_offsets(a, b):
    return a + np.asarray(b)


# --- must be flagged ---


def add_arrays():
    return sum_static(np.asarray([1, 2, 3]), np.asarray([4, 5, 6]))  # expect: JG203


# --- must not be flagged ---


def add_arrays_traced():
    return sum_traced(np.asarray([1, 2, 3]), np.asarray([4, 5, 6]))


def add_tuple_offsets():
    return sum_offsets(np.asarray([1, 2, 3]), (4, 5, 6))


RAISES = [(add_arrays, "ValueError")]
RUNS = [add_arrays_traced, add_tuple_offsets]
