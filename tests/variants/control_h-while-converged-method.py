# Variant of: tests/reports/control_scipy-while-any-on-array-made-in-jit.py
# Class: 3 (everything created inside jit is traced)
# Rule: JG102
# Axis: (h) the loop condition is a method of a solver object, on an attribute updated in the loop.
import jax
import jax.numpy as jnp


class Newton:
    def __init__(self, tol):
        self.tol = tol

    def residual(self, x):
        return jnp.abs(x * x - 2.0)

    def solve(self, x):
        while self.residual(x) > self.tol:  # expect: JG102
            x = x - (x * x - 2.0) / (2.0 * x)
        return x


# --- must be flagged ---


@jax.jit
def sqrt2(x0):
    return Newton(1e-6).solve(x0)


def bug():
    return sqrt2(1.0)


# --- must not be flagged ---


def sqrt2_eager(x0):
    return Newton(1e-6).solve(x0)


def fixed():
    return sqrt2_eager(1.0)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
