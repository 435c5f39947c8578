# Variant of: tests/reports/concrete_jax-range-of-argument.py
# Class: 4 (Python on traced values)
# Rule: JG104
# Axis: (d) the function is jitted as `jax.jit(functools.partial(foo, scale=2.0))`, the count traced.
import functools

import jax
import jax.numpy as jnp

# --- must be flagged ---


def foo(num, scale):
    total = jnp.zeros(())
    for _ in range(num):  # expect: JG104
        total = total + scale
    return total


def bug():
    return jax.jit(functools.partial(foo, scale=2.0))(3)


# --- must not be flagged ---


def fixed():
    return jax.jit(functools.partial(foo, 3))(2.0)


RAISES = [(bug, "TracerIntegerConversionError")]
RUNS = [fixed]
