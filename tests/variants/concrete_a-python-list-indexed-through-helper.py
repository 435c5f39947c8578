# Variant of: tests/reports/concrete_jax-python-list-indexed-in-jitted-lambda.py
# Class: 4 (NumPy and Python on traced values: a Python list indexed by a tracer)
# Rule: JG104
# Axis: (a) the module-level list is indexed in a helper the jitted function calls.
import jax
import jax.numpy as jnp

WEIGHTS = [0.5, 1.0, 2.0]


# --- must be flagged ---


def weight_of(table, i):
    return table[i]  # expect: JG104


@jax.jit
def scaled(x, i):
    return x * weight_of(WEIGHTS, i)


def bug():
    return scaled(jnp.ones(2), 1)


# --- must not be flagged ---


def weight_of_array(table, i):
    return jnp.asarray(table)[i]


@jax.jit
def scaled_ok(x, i):
    return x * weight_of_array(WEIGHTS, i)


def fixed():
    return scaled_ok(jnp.ones(2), 1)


RAISES = [(bug, "TracerIntegerConversionError")]
RUNS = [fixed]
