# Report: jax-ml/jax#5280 https://github.com/jax-ml/jax/issues/5280
# Class: 3 (everything created inside jit is traced, constants included)
# Rule: JG105
# Reduced: the issue's `example()`: `a = jnp.array([0, 1, 2])` inside a jitted function, then
# `jnp.nonzero(a)` without `size=`. The user expected it to work because `a` is a constant.
# Fix: give `size=` (or build the constant with NumPy: NumPy results stay concrete).
import jax
import jax.numpy as jnp
import numpy as onp
from jax import jit

# --- must be flagged ---


@jit
def example():
    a = jnp.array([0, 1, 2])
    return jnp.nonzero(a)  # expect: JG105


def bug():
    return example()


# --- must not be flagged ---


@jit
def example_sized():
    a = jnp.array([0, 1, 2])
    return jnp.nonzero(a, size=2)


@jit
def example_numpy(x):
    a = onp.array([0, 1, 2])
    return x[onp.nonzero(a)[0]]


def fixed():
    return example_sized(), example_numpy(jnp.ones(3))


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
