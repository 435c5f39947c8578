# Variant of: tests/reports/concrete_jax-grad-numpy-sin.py
# Class: 4 (NumPy on traced values, deeper: two calls away under `jax.grad`)
# Rule: JG104
# Axis: (a) the `np.sin` is in a helper of a helper of the differentiated function.
import jax
import jax.numpy as jnp
import numpy as np


def _wave(x):
    return np.sin(x)  # expect: JG104


def _energy(x):
    return _wave(x) ** 2


def _wave_jnp(x):
    return jnp.sin(x)


def _energy_jnp(x):
    return _wave_jnp(x) ** 2


# --- must be flagged ---


@jax.grad
def total_energy(x):
    return _energy(x).sum()


def bug():
    return total_energy(np.random.randn(4, 4))


# --- must not be flagged ---


@jax.grad
def total_energy_jnp(x):
    return _energy_jnp(x).sum()


def fixed():
    return total_energy_jnp(np.random.randn(4, 4))


RAISES = [(bug, "TracerArrayConversionError")]
RUNS = [fixed]
