# Variant of: tests/reports/concrete_book-range-of-jitted-argument-summed.py
# Class: 3 (everything created inside a trace is traced: the scan carry)
# Rule: JG104
# Axis: (g) the loop count is the carry of a `lax.scan` body.
import jax
import jax.numpy as jnp

# --- must be flagged ---


def step(n, _):
    total = 0
    for i in range(n):  # expect: JG104
        total = total + i
    return n + 1, total


def bug():
    return jax.lax.scan(step, 3, None, length=2)


# --- must not be flagged ---


def step_fori(n, _):
    total = jax.lax.fori_loop(0, n, lambda i, t: t + i, 0)
    return n + 1, total


def fixed():
    return jax.lax.scan(step_fori, 3, None, length=2)


RAISES = [(bug, "TracerIntegerConversionError")]
RUNS = [fixed]
