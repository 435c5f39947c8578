# Variant of: tests/reports/concrete_netket-host-operator-method-in-jitted-lambda.py
# Class: 4 (NumPy and Python on traced values, deeper: NumPy in a method of an object built outside)
# Rule: JG104
# Axis: (i) the bound method itself is jitted, `jax.jit(op.connected)(states)`.
import jax
import jax.numpy as jnp
import numpy as np


# --- must be flagged ---


class HostOperator:
    def __init__(self, h):
        self.h = h

    def connected(self, x):
        x = np.asarray(x)  # expect: JG104
        return -x * self.h


def bug():
    op = HostOperator(0.5)
    return jax.jit(op.connected)(jnp.ones((2, 3)))


# --- must not be flagged ---


class JaxOperator:
    def __init__(self, h):
        self.h = h

    def connected(self, x):
        return -jnp.asarray(x) * self.h


def fixed():
    op = JaxOperator(0.5)
    return jax.jit(op.connected)(jnp.ones((2, 3)))


RAISES = [(bug, "TracerArrayConversionError")]
RUNS = [fixed]
