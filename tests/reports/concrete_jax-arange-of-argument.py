# Report: jax-ml/jax#5186 https://github.com/jax-ml/jax/issues/5186
# Class: 2 (arguments JAX needs static: the stop of jnp.arange)
# Rule: JG105
# Reduced: the issue's `test_arange(n)`: `np.arange(0, n, 1)` (jax.numpy) under `jit`; since
# omnistaging `n` is traced. Fix: `static_argnums=0`.
import jax.numpy as np
from jax import jit

# --- must be flagged ---


def test_arange(n):
    return np.arange(0, n, 1)  # expect: JG105


def bug():
    test = jit(test_arange)
    return test(5)


# --- must not be flagged ---


def fixed():
    test = jit(test_arange, static_argnums=0)
    return test(5)


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
