"""JG203 unhashable-static-argument, `slice` objects: examples that must and must not be flagged.

Before Python 3.12 a slice has no hash (`hash(slice(1, 2))` raises TypeError), so a slice at a
static position of a jitted function raises ValueError ("Non-hashable static arguments are not
supported") at the call. JAX 0.10.2 supports Python 3.11, so jitguard reports a slice there
unless the project declares `requires-python = ">=3.12"` (or newer) in its pyproject.toml. The
oracle runs these only on a Python before 3.12 (`PYTHON_BEFORE`): on 3.12 the flagged calls run.
"""

from functools import partial

import jax
import jax.numpy as jnp

PYTHON_BEFORE = (3, 12)  # tests/test_rule_oracle.py runs RAISES and RUNS only on an older Python
ROWS = jnp.arange(6.0)


@partial(jax.jit, static_argnums=1)
def rows(x, window):
    return x[window]


@partial(jax.jit, static_argnames=("windows",))
def first_rows(x, windows):
    return x[windows[0]]


# --- must be flagged -------------------------------------------------------------------------


def slice_literal(x=ROWS):
    return rows(x, slice(1, 3))  # expect: JG203


def name_bound_to_a_slice(x=ROWS):
    window = slice(0, 2)
    return rows(x, window)  # expect: JG203


def tuple_holding_a_slice(x=ROWS):
    return first_rows(x, windows=(slice(0, 1), 2))  # expect: JG203


# --- must not be flagged ---------------------------------------------------------------------


@partial(jax.jit, static_argnums=(1, 2))
def rows_between(x, start, stop):
    return x[slice(start, stop)]  # the slice is built inside, from hashable bounds


def bounds_as_ints(x=ROWS):
    return rows_between(x, 1, 3)


@partial(jax.jit, static_argnames=("bounds",))
def rows_within(x, bounds):
    return x[slice(*bounds)]


def bounds_as_a_tuple(x=ROWS):
    return rows_within(x, bounds=(0, 2))


def slice_outside_jit(x=ROWS):
    return jnp.sum(x[slice(1, 3)])


RAISES = [(slice_literal, "ValueError"), (name_bound_to_a_slice, "ValueError"), (tuple_holding_a_slice, "ValueError")]
RUNS = [bounds_as_ints, bounds_as_a_tuple, slice_outside_jit]
