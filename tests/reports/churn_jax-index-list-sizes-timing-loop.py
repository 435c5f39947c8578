# Report: jax-ml/jax#15761 https://github.com/jax-ml/jax/issues/15761
# Class: 6 (churn from data: index arrays whose length changes from one call to the next)
# Rule: JG303
# Reduced: "Jax jit-compile functions many times": `some_func(vec, indices)` is jitted and builds
# `jnp.zeros(len(indices))`; the user times it over `for n_indices in [5, 8, 10, 10, 10]: li =
# jnp.arange(n_indices); some_func(x, li)` and sees three compilations, one per new length.
# Here the loop runs over `n` growing lengths. Fix (the thread's usual answer): pad the index list
# to one maximal length and carry the valid count as a mask.
import jax
import jax.numpy as jnp

X = jnp.ones(20)


@jax.jit
def some_func(vec, indices):
    out = jnp.zeros(len(indices))
    for idx, j in enumerate(indices):
        out_j = vec[j]
        out = out.at[idx].set(out_j)
    return out


# --- must be flagged ---


def time_sizes(n):
    timings = []
    for n_indices in range(5, 5 + n):
        li = jnp.arange(n_indices)
        timings.append(some_func(X, li))  # expect: JG303
    return timings


# --- must not be flagged ---


MAX_INDICES = 12


@jax.jit
def some_func_padded(vec, indices, valid):
    out = vec[indices]
    return jnp.where(valid, out, 0.0)


def time_sizes_padded(n):
    timings = []
    for n_indices in range(5, 5 + n):
        li = jnp.arange(MAX_INDICES)
        valid = li < n_indices
        timings.append(some_func_padded(X, li, valid))
    return timings


GROWS = [time_sizes]
BOUNDED = [time_sizes_padded]
