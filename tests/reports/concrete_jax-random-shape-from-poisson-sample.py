# Report: jax-ml/jax#5100 https://github.com/jax-ml/jax/issues/5100
# Class: 3 (a shape computed from a random draw inside jit)
# Rule: JG105
# Reduced: the issue's `f(data, rng_key)`: draws `rand_shape = jax.random.poisson(...)` and asks
# `jax.random.randint(sub_key, (rand_shape.sum(), 3), 0, n)`; under jit the size is a tracer and
# JAX raises "Shapes must be 1D sequences of concrete values". Fix (the answer's): draw a fixed
# maximum size and mask the entries past the random count.
import jax
import jax.numpy as jnp

MAX_SAMPLES = 16

# --- must be flagged ---


@jax.jit
def f(data, rng_key):
    n, m = data.shape
    shape_key, sub_key = jax.random.split(rng_key)
    rand_shape = jax.random.poisson(shape_key, 1, (2,))
    sub_indices = jax.random.randint(sub_key, (rand_shape.sum(), 3), 0, n)  # expect: JG105
    return data[sub_indices, :]


def bug():
    return f(jnp.arange(10 * 5).reshape((10, 5)), jax.random.PRNGKey(0))


# --- must not be flagged ---


@jax.jit
def f_masked(data, rng_key):
    n, m = data.shape
    shape_key, sub_key = jax.random.split(rng_key)
    count = jax.random.poisson(shape_key, 1, (2,)).sum()
    sub_indices = jax.random.randint(sub_key, (MAX_SAMPLES, 3), 0, n)
    mask = jnp.arange(MAX_SAMPLES) < count
    return data[sub_indices, :], mask


def fixed():
    return f_masked(jnp.arange(10 * 5).reshape((10, 5)), jax.random.PRNGKey(0))


RAISES = [(bug, "TypeError")]
RUNS = [fixed]
