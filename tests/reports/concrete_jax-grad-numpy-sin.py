# Report: jax-ml/jax#16404 https://github.com/jax-ml/jax/pull/16404
# Class: 4 (NumPy on traced values under jax.grad, without jit)
# Rule: JG104
# Reduced: the PR's example: `@jax.grad` over a function that calls `np.sin(x)`; grad's tracer
# cannot become a NumPy array. Fix: `jnp.sin`.
import jax
import jax.numpy as jnp
import numpy as np

# --- must be flagged ---


@jax.grad
def sum_sin(x):
    return np.sin(x).sum()  # expect: JG104


def bug():
    return sum_sin(np.random.randn(10, 10))


# --- must not be flagged ---


@jax.grad
def sum_sin_jnp(x):
    return jnp.sin(x).sum()


def fixed():
    return sum_sin_jnp(np.random.randn(10, 10))


RAISES = [(bug, "TracerArrayConversionError")]
RUNS = [fixed]
