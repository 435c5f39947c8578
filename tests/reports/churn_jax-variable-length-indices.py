# Report: jax-ml/jax#2521 https://github.com/jax-ml/jax/issues/2521
# Class: 6 (churn from data: an index array whose length changes per call)
# Rule: JG303
# Reduced: a jitted update takes the indices to update, and their number differs on every
# call, so every call compiles. Fix (the user's): a constant-size index array (padded, with a
# mask), so only some entries are really updated.
import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def update(x, indices):
    return x.at[indices].add(1.0)


@jax.jit
def update_masked(x, indices, mask):
    return x.at[indices].add(jnp.where(mask, 1.0, 0.0))


# --- must be flagged ---


def run(n):
    x = jnp.zeros(16)
    for k in range(n):
        indices = np.arange(k + 1)
        x = update(x, indices)  # expect: JG303
    return x


# --- must not be flagged ---


def run_padded(n, max_indices=16):
    x = jnp.zeros(16)
    for k in range(n):
        indices = np.arange(k + 1)
        padded = np.zeros(max_indices, np.int32)
        padded[: indices.shape[0]] = indices
        x = update_masked(x, padded, np.arange(max_indices) < indices.shape[0])
    return x


GROWS = [run]
BOUNDED = [run_padded]
