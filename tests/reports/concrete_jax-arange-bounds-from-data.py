# Report: jax-ml/jax#19433 https://github.com/jax-ml/jax/issues/19433
# Class: 2 (arguments JAX needs static: the bounds of jnp.arange, here computed from data)
# Rule: JG105
# Reduced: the issue's `f(x)`: `np.arange(x[0] - 1, x[0] + 1)` always has two elements, but
# JAX needs concrete bounds, and `x[0]` is traced. Fix (the user's own workaround): a static
# range shifted by the traced value, `np.arange(-1, 1) + x[0]`.
import jax.numpy as np
from jax import jit

# --- must be flagged ---


@jit
def f(x):
    return np.arange(x[0] - 1, x[0] + 1)  # expect: JG105


def bug():
    return f(np.zeros(1).astype(int))


# --- must not be flagged ---


@jit
def f_shifted(x):
    return np.arange(-1, 1) + x[0]


def fixed():
    return f_shifted(np.zeros(1).astype(int))


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
