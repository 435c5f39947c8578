# Report: jax-ml/jax#1007 https://github.com/jax-ml/jax/issues/1007
# Class: 2 (arguments JAX needs static: the slice size of lax.dynamic_slice)
# Rule: JG105
# Reduced: the issue's `sum_first_k(a, k)`: `lax.dynamic_slice(a, (0,), (k,))` with `k` a
# parameter of the jitted function; start indices may be traced, sizes may not. Fix: a mask
# over the full array (or a static `k`).
import jax
import jax.numpy as np
from jax import lax

# --- must be flagged ---


@jax.jit
def sum_first_k(a, k):
    return np.sum(lax.dynamic_slice(a, (0,), (k,)))  # expect: JG105


def bug():
    return sum_first_k(np.arange(3.0), 2)


# --- must not be flagged ---


@jax.jit
def sum_first_k_masked(a, k):
    return np.sum(np.where(np.arange(a.shape[0]) < k, a, 0.0))


def fixed():
    return sum_first_k_masked(np.arange(3.0), 2)


RAISES = [(bug, "TypeError")]
RUNS = [fixed]
