# Variant of: tests/reports/concrete_jax-range-of-argument.py
# Class: 4 (Python on traced values: range of a loop index)
# Rule: JG104
# Axis: (g) the count is the index of a `lax.fori_loop` body (a tracer), in a helper the body calls.
import jax.numpy as jnp
from jax import lax


def partial_sum(num):
    total = jnp.zeros(())
    for k in range(num):  # expect: JG104
        total = total + k
    return total


# --- must be flagged ---


def bug():
    return lax.fori_loop(0, 3, lambda i, acc: acc + partial_sum(i), 0.0)


# --- must not be flagged ---


def fixed():
    return lax.fori_loop(0, 3, lambda i, acc: acc + i * (i - 1) / 2.0, 0.0)


RAISES = [(bug, "TracerIntegerConversionError")]
RUNS = [fixed]
