# Variant of: tests/reports/concrete_jax-nonzero-of-constant.py
# Class: 3 (everything created inside jit is traced)
# Rule: JG105
# Axis: (c) the array is made by `__init__` of an object built in the jitted function (`self.mask`).
import jax
import jax.numpy as jnp


class Selector:
    def __init__(self, n):
        self.mask = jnp.arange(n) % 2

    def indices(self):
        return jnp.nonzero(self.mask)[0]  # expect: JG105


# --- must be flagged ---


@jax.jit
def odd_values(x):
    return x[Selector(x.shape[0]).indices()]


def bug():
    return odd_values(jnp.arange(4.0))


# --- must not be flagged ---


@jax.jit
def odd_values_fixed(x):
    return x[1::2]


def fixed():
    return odd_values_fixed(jnp.arange(4.0))


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
