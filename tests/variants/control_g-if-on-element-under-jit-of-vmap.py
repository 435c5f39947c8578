# Variant of: tests/reports/control_tutorial-if-on-first-element-jitted-by-call.py
# Class: 3 (everything created inside a trace is traced: each row vmap passes)
# Rule: JG101
# Axis: (g) the function is mapped with `jax.vmap` and compiled by `jax.jit` of the mapped one.
import jax
import jax.numpy as jnp
from jax import lax

# --- must be flagged ---


def bad_control_flow(arr):
    if arr[0] > 5:  # expect: JG101
        return arr * 2
    return arr + 1


def bug():
    return jax.jit(jax.vmap(bad_control_flow))(jnp.ones((4, 3)))


# --- must not be flagged ---


def good_control_flow(arr):
    return lax.cond(arr[0] > 5, lambda x: x * 2, lambda x: x + 1, arr)


def fixed():
    return jax.jit(jax.vmap(good_control_flow))(jnp.ones((4, 3)))


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
