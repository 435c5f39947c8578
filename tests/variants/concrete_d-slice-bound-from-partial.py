# Variant of: tests/reports/concrete_tutorial-slice-update-up-to-traced-index.py
# Class: 2 (arguments JAX needs static: a slice bound)
# Rule: JG105
# Axis: (d) the array is bound by `functools.partial`, the bound comes in the call of the jitted
# partial (traced; a value bound by the partial itself would be a constant).
from functools import partial

import jax
import jax.numpy as jnp

# --- must be flagged ---


def head_double(x, index):
    return x.at[:index].set(x[:index] * 2.0)  # expect: JG105


def bug():
    return jax.jit(partial(head_double, jnp.arange(5.0)))(2)


# --- must not be flagged ---


def head_double_where(x, index):
    return jnp.where(jnp.arange(x.shape[0]) < index, x * 2.0, x)


def fixed():
    return jax.jit(partial(head_double_where, jnp.arange(5.0)))(2)


RAISES = [(bug, "IndexError")]
RUNS = [fixed]
