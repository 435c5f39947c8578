# Report: https://theneuralbase.com/jax/learn/beginner/tracer-errors-dynamic-control-flow/ (tutorial "Tracer errors: dynamic control flow")
# Class: 3 (everything created inside jit is traced: an element read from the traced argument)
# Rule: JG101
# Reduced: "When you write `if arr[0] > 5:` inside a JIT function, JAX tries to evaluate the
# condition using a tracer": `bad_control_flow(arr)` branches on its first element and is
# compiled by a call, `jax.jit(bad_control_flow)(arr)` (TracerBoolConversionError). The page's
# fix: `lax.cond(arr[0] > 5, lambda x: x * 2, lambda x: x + 1, arr)`.
import jax
import jax.numpy as jnp
from jax import lax

# --- must be flagged ---


def bad_control_flow(arr):
    if arr[0] > 5:  # expect: JG101
        return arr * 2
    else:
        return arr + 1


def bug():
    return jax.jit(bad_control_flow)(jnp.array([6.0, 1.0, 2.0]))


# --- must not be flagged ---


def good_control_flow(arr):
    return lax.cond(arr[0] > 5, lambda x: x * 2, lambda x: x + 1, arr)


def fixed():
    return jax.jit(good_control_flow)(jnp.array([6.0, 1.0, 2.0]))


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
