# Variant of: tests/reports/concrete_jax-linspace-num-from-jnp-maximum.py
# Class: 3 (everything created inside jit is traced: a jnp result used as a count)
# Rule: JG105
# Axis: (j) the count starts as a Python int and becomes traced by `+=` of a jnp result.
import jax
import jax.numpy as jnp

# --- must be flagged ---


@jax.jit
def grid(y):
    num = 1
    num += jnp.floor(1.0 / 0.1).astype(int)
    return jnp.linspace(0.0, 1.0, num) * y  # expect: JG105


def bug():
    return grid(2.0)


# --- must not be flagged ---


@jax.jit
def grid_py(y):
    num = 1
    num += int(1.0 / 0.1)
    return jnp.linspace(0.0, 1.0, num) * y


def fixed():
    return grid_py(2.0)


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
