# Variant of: tests/reports/concrete_jax-randint-traced-shape.py
# Class: 2 (arguments JAX needs static: a random shape)
# Rule: JG105
# Axis: (a) the shape tuple is a helper's return value, computed from a traced argument.
import jax
from jax import random


def batch_shape(n, width):
    return (n, width)


# --- must be flagged ---


@jax.jit
def sample(key, N, n_states):
    shape = batch_shape(N, 2)
    return random.randint(key, shape, 0, n_states)  # expect: JG105


def bug():
    return sample(random.PRNGKey(0), 10, 3)


# --- must not be flagged ---


@jax.jit
def sample_like(key, template, n_states):
    shape = batch_shape(template.shape[0], 2)
    return random.randint(key, shape, 0, n_states)


def fixed():
    return sample_like(random.PRNGKey(0), jax.numpy.zeros(10), 3)


RAISES = [(bug, "TypeError")]
RUNS = [fixed]
