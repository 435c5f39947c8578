# Variant of: tests/reports/concrete_jax-jnp-add-size-shape.py
# Class: 3 (everything created inside jit is traced: a jnp result used as a size)
# Rule: JG105
# Axis: (b) the count is unpacked from a tuple a helper returns (`rows, count = sizes(arr)`).
import jax
import jax.numpy as jnp


def sizes(arr):
    return arr.shape[0], jnp.add(arr.size, 1)


# --- must be flagged ---


@jax.jit
def custom_ones(arr):
    rows, count = sizes(arr)
    return jnp.ones((count,)) * rows  # expect: JG105


def bug():
    return custom_ones(jnp.ones((3,)))


# --- must not be flagged ---


@jax.jit
def custom_ones_rows(arr):
    rows, _ = sizes(arr)
    return jnp.ones((rows + 1,))


def fixed():
    return custom_ones_rows(jnp.ones((3,)))


RAISES = [(bug, "TypeError")]
RUNS = [fixed]
