"""JG304 scalar-type-churn: examples that must and must not be flagged.

COMPILES: (call, compiles JAX really does) — the flagged calls compile twice, the fixed ones once.
"""

import jax
import numpy as np


@jax.jit
def scale(x, factor):
    return x * factor


@jax.jit
def shift(x, by):
    return x + by


# --- must be flagged -------------------------------------------------------------------------


def int_then_float():
    a = scale(np.ones(3, np.float32), 2)  # expect: JG304
    b = scale(np.ones(3, np.float32), 2.5)
    return a, b


@jax.jit
def damp(x, rate):
    return x * rate


def weak_then_strong():
    a = damp(np.ones(3, np.float32), 0.5)
    b = damp(np.ones(3, np.float32), np.float32(0.25))  # expect: JG304
    return a, b


# --- must not be flagged ---------------------------------------------------------------------


def same_type_everywhere():
    a = shift(np.ones(3, np.float32), 2.0)
    b = shift(np.ones(3, np.float32), 2.5)
    return a, b


COMPILES = [(int_then_float, 2), (weak_then_strong, 2), (same_type_everywhere, 1)]
