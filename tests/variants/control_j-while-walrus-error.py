# Variant of: tests/reports/control_scipy-while-any-on-array-made-in-jit.py
# Class: 3 (everything created inside jit is traced)
# Rule: JG102
# Axis: (j) the loop condition binds the traced error with a walrus.
import jax
import jax.numpy as jnp


# --- must be flagged ---


@jax.jit
def sqrt2(x):
    while (err := jnp.abs(x * x - 2.0)) > 1e-6:  # expect: JG102
        x = x - (x * x - 2.0) / (2.0 * x)
    return x, err


def bug():
    return sqrt2(1.0)


# --- must not be flagged ---


def sqrt2_eager(x):
    while (err := abs(x * x - 2.0)) > 1e-6:
        x = x - (x * x - 2.0) / (2.0 * x)
    return x, err


def fixed():
    return sqrt2_eager(1.0)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
