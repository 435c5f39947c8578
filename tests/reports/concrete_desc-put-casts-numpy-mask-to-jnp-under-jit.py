# Report: PlasmaControl/DESC#755 https://github.com/PlasmaControl/DESC/pull/755
# Class: 3 (everything created inside jit is traced: a NumPy array passed through `jnp.asarray`)
# Rule: JG104
# Reduced: "Don't cast np arrays to jnp arrays in put": DESC's `put(arr, inds, vals)` ("a way to
# do arr[inds] = vals in a way that works with JAX") always returned
# `jnp.asarray(arr).at[inds].set(vals)`; "Doing so would occasionally cause jax tracers to appear
# under jit where we expect concrete np arrays". Inside a jitted function `jnp.asarray` of a
# NumPy array is staged, so a mask built with `put` on NumPy arrays is traced, and the NumPy code
# that reads it (here the indices of the free modes, with `np.nonzero`) raises
# TracerArrayConversionError. Here the mask selects the unfixed coefficients of a state vector.
# Fix (the PR's): `put` updates a NumPy array in place and returns it (a copy here).
import jax
import jax.numpy as jnp
import numpy as np

FIXED = np.array([0, 2, 5])


def put(arr, inds, vals):
    return jnp.asarray(arr).at[inds].set(vals)


def put_keep_numpy(arr, inds, vals):
    if isinstance(arr, np.ndarray):
        arr = arr.copy()
        arr[inds] = vals
        return arr
    return jnp.asarray(arr).at[inds].set(vals)


# --- must be flagged ---


@jax.jit
def reduced_state(x):
    fixed_mask = put(np.zeros(x.shape[0], dtype=bool), FIXED, True)
    unfixed_idx = np.nonzero(~fixed_mask)[0]  # expect: JG104
    return x[unfixed_idx]


def bug():
    return reduced_state(jnp.arange(6.0))


# --- must not be flagged ---


@jax.jit
def reduced_state_numpy_mask(x):
    fixed_mask = put_keep_numpy(np.zeros(x.shape[0], dtype=bool), FIXED, True)
    unfixed_idx = np.nonzero(~fixed_mask)[0]
    return x[unfixed_idx]


def fixed():
    return reduced_state_numpy_mask(jnp.arange(6.0))


RAISES = [(bug, "TracerArrayConversionError")]
RUNS = [fixed]
