# Report: jax-ml/jax#648 https://github.com/jax-ml/jax/issues/648
# Class: 2 (arguments JAX needs static: the shape of a random draw)
# Rule: JG105
# Reduced: a jitted sampler takes the number of samples `N` and draws
# `random.randint(key, (N,), ...)`; the shape is traced. Fix (the maintainer's): make `N` static.
import functools

import jax
from jax import random

# --- must be flagged ---


@jax.jit
def sample(key, N, n_states):
    return random.randint(key, (N,), 0, n_states)  # expect: JG105


def bug():
    return sample(random.PRNGKey(0), 10, 3)


# --- must not be flagged ---


@functools.partial(jax.jit, static_argnums=(1,))
def sample_static(key, N, n_states):
    return random.randint(key, (N,), 0, n_states)


def fixed():
    return sample_static(random.PRNGKey(0), 10, 3)


RAISES = [(bug, "TypeError")]
RUNS = [fixed]
