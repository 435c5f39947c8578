# Variant of: tests/reports/concrete_jax-jnp-add-size-shape.py
# Class: 3 (everything created inside jit is traced: a jnp result used as a size)
# Rule: JG105
# Axis: (e) the count reaches the shape through `**kwargs` of a builder helper.
import jax
import jax.numpy as jnp


def build(fill, **dims):
    return jnp.full((dims["count"],), fill)  # expect: JG105


# --- must be flagged ---


@jax.jit
def custom_ones(arr):
    return build(1.0, count=jnp.add(arr.size, 1))


def bug():
    return custom_ones(jnp.ones((3,)))


# --- must not be flagged ---


@jax.jit
def custom_ones_static(arr):
    return build(1.0, count=arr.size + 1)


def fixed():
    return custom_ones_static(jnp.ones((3,)))


RAISES = [(bug, "TypeError")]
RUNS = [fixed]
