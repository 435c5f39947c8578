# Report: unifyai/ivy#18053 https://github.com/unifyai/ivy/pull/18053
# Class: 3 (everything created inside jit is traced: split sizes converted with jnp.asarray)
# Rule: JG105
# Reduced: "fix jitting jax backend split": "the jax backend `split` fails to jit compile, due to
# the `num_or_size_splits` arg being converted into a jax array. This causes this argument to be
# traced by jax's jit, causing it to fail as the jit expects this argument to be a constant" -
# even though the sizes are a Python list known when tracing. Fix (the PR's): "just fixed this by
# using numpy instead", so the split indices stay concrete.
import jax
import jax.numpy as jnp
import numpy as np


# --- must be flagged ---


def split(x, num_or_size_splits):
    sizes = jnp.asarray(num_or_size_splits)
    return jnp.split(x, jnp.cumsum(sizes)[:-1])  # expect: JG105


def bug():
    return jax.jit(lambda x: split(x, [2, 4]))(jnp.arange(6.0))


# --- must not be flagged ---


def split_np(x, num_or_size_splits):
    sizes = np.asarray(num_or_size_splits)
    return jnp.split(x, np.cumsum(sizes)[:-1])


def fixed():
    return jax.jit(lambda x: split_np(x, [2, 4]))(jnp.arange(6.0))


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
