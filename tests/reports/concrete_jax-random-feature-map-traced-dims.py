# Report: jax-ml/jax#689 https://github.com/jax-ml/jax/pull/689
# Class: 2 (arguments JAX needs static: sizes of random draws)
# Rule: JG105
# Reduced: the PR's motivating code: `@jit def feature_map(n, d, sigma=1.0, seed=123)` draws
# `random.normal(key, (d, n))`; `n` and `d` are traced, so the shape is not concrete (the PR
# improves the error). The original returned a closure `phi`, which jit cannot return; it returns
# the random features here. Fix: mark the sizes static.
import functools

import jax.numpy as np
from jax import jit, random

# --- must be flagged ---


@jit
def feature_map(n, d, sigma=1.0, seed=123):
    key = random.PRNGKey(seed)
    W = random.normal(key, (d, n)) / sigma  # expect: JG105
    w = random.normal(key, (d,)) / sigma
    b = 2 * np.pi * random.uniform(key, (d,))
    return W, w, b


def bug():
    return feature_map(5, 3)


# --- must not be flagged ---


@functools.partial(jit, static_argnums=(0, 1))
def feature_map_static(n, d, sigma=1.0, seed=123):
    key = random.PRNGKey(seed)
    W = random.normal(key, (d, n)) / sigma
    w = random.normal(key, (d,)) / sigma
    b = 2 * np.pi * random.uniform(key, (d,))
    return W, w, b


def fixed():
    return feature_map_static(5, 3)


RAISES = [(bug, "TypeError")]
RUNS = [fixed]
