# Variant of: tests/reports/concrete_jax-dict-entry-slice-bound.py
# Class: 1 (values inside containers: a field of a record argument bounds a slice)
# Rule: JG105
# Axis: (b) the bound is a NamedTuple field, the record a jitted argument.
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np


class Window(NamedTuple):
    num: int
    val: np.ndarray


# --- must be flagged ---


@jax.jit
def foo(x, w):
    return x[: w.num] + w.val  # expect: JG105


def bug():
    return foo(jnp.arange(10), Window(5, np.arange(5)))


# --- must not be flagged ---


@jax.jit
def foo_fixed(x, w):
    return x[: w.val.shape[0]] + w.val


def fixed():
    return foo_fixed(jnp.arange(10), Window(5, np.arange(5)))


RAISES = [(bug, "IndexError")]
RUNS = [fixed]
