# Report: jax-ml/jax#5013 https://github.com/jax-ml/jax/issues/5013
# Class: 3 (everything created inside jit is traced: block lengths drawn in the step size an array)
# Rule: JG105
# Reduced: "Masking + Jit to deal with dynamic/variable shape arrays?": in numpyro's HMCECS Poisson
# estimator (numpyro/contrib/hmcecs.py, `_sample_u_poisson`) the number of subsample indices is
# "jnp.sum(block_lengths)", which "changes with every iteration" while `m` and `l` are static, and
# `u = random.randint(sub_key, (jnp.sum(block_lengths), m), 0, m)` fails under jit with "Shapes
# must be 1D sequences of concrete values of integer type". The lengths are drawn inside the jitted
# step, so their sum is traced. The look-alike draws a fixed maximum number of rows and masks the
# ones past the drawn total, the padding the thread converges on.
from functools import partial

import jax
import jax.numpy as jnp
from jax import random


# --- must be flagged ---


@partial(jax.jit, static_argnums=(1, 2))
def sample_u_poisson(rng_key, m, g, lambda_=2.0):
    key_lengths, sub_key = random.split(rng_key)
    block_lengths = random.poisson(key_lengths, lambda_, (g,))
    u = random.randint(sub_key, (jnp.sum(block_lengths), m), 0, m)  # expect: JG105
    return u


def crashes():
    return sample_u_poisson(random.PRNGKey(0), 5, 3)


# --- must not be flagged ---


MAX_BLOCK = 8


@partial(jax.jit, static_argnums=(1, 2))
def sample_u_poisson_padded(rng_key, m, g, lambda_=2.0):
    key_lengths, sub_key = random.split(rng_key)
    block_lengths = jnp.minimum(random.poisson(key_lengths, lambda_, (g,)), MAX_BLOCK)
    u = random.randint(sub_key, (g * MAX_BLOCK, m), 0, m)
    valid = jnp.arange(g * MAX_BLOCK) < jnp.sum(block_lengths)
    return u, valid


def works():
    return sample_u_poisson_padded(random.PRNGKey(0), 5, 3)


RAISES = [(crashes, "TypeError")]
RUNS = [works]
