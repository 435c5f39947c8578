# Variant of: tests/reports/control_scipy-while-any-on-array-made-in-jit.py
# Class: 3 (everything created inside jit is traced)
# Rule: JG102
# Axis: (a) the loop condition is a helper's return value on an array made inside jit.
import jax
import jax.numpy as jnp


def pending(mask):
    return mask.any()


# --- must be flagged ---


@jax.jit
def drain():
    arr = jnp.ones([2], dtype=jnp.bool_)
    i = 0
    while pending(arr):  # expect: JG102
        arr = arr.at[i].set(False)
        i += 1
    return arr


def bug():
    return drain()


# --- must not be flagged ---


@jax.jit
def drain_lax():
    def cond(carry):
        return pending(carry[0])

    def body(carry):
        arr, i = carry
        return arr.at[i].set(False), i + 1

    return jax.lax.while_loop(cond, body, (jnp.ones([2], dtype=jnp.bool_), 0))[0]


def fixed():
    return drain_lax()


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
