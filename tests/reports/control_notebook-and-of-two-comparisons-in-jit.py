# Report: https://github.com/RohitNagraj/Learning-JAX (a learner's notebook, the JIT control-flow cell)
# Class: 3 (everything created inside jit is traced: comparisons of an argument)
# Rule: JG103
# Reduced: `@jit def g(x): return (x > 0) and (x < 3)` then `g(2)` raises
# TracerBoolConversionError ("# This will fail!"): `and` takes the truth value of the traced
# `x > 0`. The notebook's note: use `jnp.logical_and` (or `&`), which does not short-circuit and
# works under jit.
import jax.numpy as jnp
from jax import jit

# --- must be flagged ---


@jit
def g(x):
    return (x > 0) and (x < 3)  # expect: JG103


def bug():
    return g(2)


# --- must not be flagged ---


@jit
def g_ok(x):
    return jnp.logical_and(x > 0, x < 3)


@jit
def g_bits(x):
    return (x > 0) & (x < 3)


def fixed():
    return g_ok(2), g_bits(2)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
