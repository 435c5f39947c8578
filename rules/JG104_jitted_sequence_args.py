"""JG104 on a parameter of a jitted function that every call fills with a Python list or tuple.

`jax.jit` flattens its arguments as pytrees and hands the function each container rebuilt with
tracers as its items: a list argument arrives as a Python list of tracers, a tuple as a tuple
(JAX 0.10.2). Indexing it with a traced integer asks the tracer for `__index__`
(TracerIntegerConversionError). Every call of the module (by the jitted function's name) passing a
list or tuple literal there, or a name bound once to one, is what says so; the same list stacked
into an array first, an index marked static, or a parameter some call fills with an array is legal.
"""

from functools import partial

import jax
import jax.numpy as jnp

RATES = [0.1, 0.2, 0.4]

# --- must be flagged -------------------------------------------------------------------------


@jax.jit
def rate_at(step, schedule):
    return schedule[step]  # expect: JG104


def third_rate():
    return rate_at(2, RATES)


@jax.jit
def corner(grid, which):
    return grid[which] * 2.0  # expect: JG104


def lower_corner():
    return corner((jnp.zeros(2), jnp.ones(2)), 1)


# --- must not be flagged ---------------------------------------------------------------------


@jax.jit
def rate_from_array(step, schedule):
    return jnp.asarray(schedule)[step]  # the items stacked into one traced array first


def third_rate_from_array():
    return rate_from_array(2, RATES)


@partial(jax.jit, static_argnames="step")
def rate_static(step, schedule):
    return schedule[step]  # a static step is a Python int


def third_rate_static():
    return rate_static(2, RATES)


@jax.jit
def pick_row(step, table):
    return table[step]  # one call passes an array: not a Python sequence in every call


def picked_rows():
    return pick_row(1, jnp.arange(3.0)), pick_row(0, [1.0, 2.0])


RAISES = [
    (third_rate, "TracerIntegerConversionError"),
    (lower_corner, "TracerIntegerConversionError"),
]

RUNS = [third_rate_from_array, third_rate_static]
