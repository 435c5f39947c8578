# Variant of: tests/reports/concrete_ivy-numpy-asarray-in-nested-module-call.py
# Class: 4 (NumPy and Python on traced values, deeper: NumPy in a submodule's call)
# Rule: JG104
# Axis: (h) the model instance itself is given to `jax.jit`, which traces its `__call__`; the
# NumPy conversion is in the `__call__` of an object stored as an attribute.
import jax
import jax.numpy as jnp
import numpy as np


# --- must be flagged ---


class Scale:
    def __init__(self, s):
        self.s = s

    def __call__(self, x):
        return np.asarray(x) * self.s  # expect: JG104


class Model:
    def __init__(self):
        self.scale = Scale(2.0)

    def __call__(self, x):
        return jnp.tanh(self.scale(x))


def bug():
    return jax.jit(Model())(jnp.ones(3))


# --- must not be flagged ---


class ScaleJnp(Scale):
    def __call__(self, x):
        return jnp.asarray(x) * self.s


class ModelJnp(Model):
    def __init__(self):
        self.scale = ScaleJnp(2.0)


def fixed():
    return jax.jit(ModelJnp())(jnp.ones(3))


RAISES = [(bug, "TracerArrayConversionError")]
RUNS = [fixed]
