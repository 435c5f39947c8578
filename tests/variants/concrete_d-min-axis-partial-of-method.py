# Variant of: tests/reports/concrete_jax-min-traced-axis.py
# Class: 2 (arguments JAX needs static: the axis of a reduction)
# Rule: JG104
# Axis: (d) a traced axis bound with `functools.partial(jnp.max, axis=...)` inside jit.
import functools

import jax
import jax.numpy as jnp

# --- must be flagged ---


@jax.jit
def func(x, axis):
    reduce = functools.partial(jnp.max, axis=axis)
    return reduce(x)  # expect: JG104


def bug():
    return func(jnp.ones((2, 3)), 1)


# --- must not be flagged ---


@functools.partial(jax.jit, static_argnames="axis")
def func_static(x, axis):
    reduce = functools.partial(jnp.max, axis=axis)
    return reduce(x)


def fixed():
    return func_static(jnp.ones((2, 3)), axis=1)


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
