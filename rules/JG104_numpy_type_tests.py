"""JG104 after a type test of a NumPy argument: a helper that returns early when
``isinstance(arr, np.ndarray)`` holds keeps a NumPy array NumPy, so when every call passes it one
(a NumPy array function's result), what follows the early return never runs, and the ``jnp``
path, which a jitted caller would stage, gives no tracer. A helper given a Python list, or no type
test, converts with ``jnp`` under jit: its result is a tracer, which NumPy cannot convert.
"""

import jax
import jax.numpy as jnp
import numpy as np

# --- must be flagged -------------------------------------------------------------------------


def mark(arr, inds):
    if isinstance(arr, np.ndarray):
        return np.where(np.isin(np.arange(arr.size), inds), True, arr)
    return jnp.asarray(arr).at[inds].set(True)


@jax.jit
def free_entries(x):
    taken = mark([False, False, False, False], np.array([0, 2]))  # a list: the jnp path
    return x[np.flatnonzero(~taken)]  # expect: JG104


# --- must not be flagged ---------------------------------------------------------------------


def mark_host(arr, inds):
    if not isinstance(arr, (np.ndarray, np.generic)):
        return jnp.asarray(arr).at[inds].set(True)
    hit = np.zeros(arr.shape, dtype=bool)
    hit[inds] = True
    return arr | hit


def mark_unless_device(arr, inds):
    if isinstance(arr, jax.Array):  # a NumPy array is not a jax.Array
        return jnp.logical_or(arr, jnp.isin(jnp.arange(arr.shape[0]), inds))
    return np.logical_or(arr, np.isin(np.arange(len(arr)), inds))


@jax.jit
def free_entries_host(x):
    taken = mark_host(np.zeros(4, dtype=bool), np.array([0, 2]))
    return x[np.flatnonzero(~taken)]


@jax.jit
def free_entries_unless_device(x):
    taken = mark_unless_device(np.zeros(x.shape[0], dtype=bool), np.array([1]))
    return x[np.flatnonzero(~taken)]


RAISES = [(lambda: free_entries(jnp.arange(4.0)), "TracerArrayConversionError")]

RUNS = [
    lambda: free_entries_host(jnp.arange(4.0)),
    lambda: free_entries_unless_device(jnp.arange(4.0)),
]
