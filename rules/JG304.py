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


@jax.jit
def attenuate(x, gain):
    return x * gain


def sweep_of_mixed_literals():
    return [attenuate(np.ones(3, np.float32), g) for g in [1, 0.5, 2, 1.5]]  # expect: JG304


# --- must not be flagged ---------------------------------------------------------------------


def same_type_everywhere():
    a = shift(np.ones(3, np.float32), 2.0)
    b = shift(np.ones(3, np.float32), 2.5)
    return a, b


@jax.jit
def amplify(x, gain):
    return x * gain


def sweep_of_one_type():
    out = []
    for g in [1.0, 0.5, 2.0, 1.5]:
        out.append(amplify(np.ones(3, np.float32), g))
    return out


@jax.jit
def boost(x, gain):
    return x * gain


def sweep_cast_first():
    out = []
    for g in [1, 0.5, 2]:
        g = float(g)
        out.append(boost(np.ones(3, np.float32), g))
    return out


COMPILES = [(int_then_float, 2), (weak_then_strong, 2), (sweep_of_mixed_literals, 2), (same_type_everywhere, 1),
            (sweep_of_one_type, 1), (sweep_cast_first, 1)]
