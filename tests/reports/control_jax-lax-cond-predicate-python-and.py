# Report: jax-ml/jax#1461 https://github.com/jax-ml/jax/issues/1461
# Class: 3 (everything created inside jit is traced: two flags passed to the jitted function)
# Rule: JG103
# Reduced: "confusing behaviour for `and` vs `&`": a jitted function passes `cond1 and cond2` as
# the predicate of `jax.lax.cond`; `test(True, True, 1, 2)` raises because `and` takes the truth
# value of the traced first flag, while `cond1 & cond2` works. Here the two flags choose which of
# two operands a jitted selection returns. Fix (the thread's): the elementwise `&`.
import jax
from jax import lax


# --- must be flagged ---


@jax.jit
def test(cond1, cond2, a, b):
    return lax.cond(cond1 and cond2, lambda x: x[0], lambda x: x[1], (a, b))  # expect: JG103


def bug():
    return test(True, True, 1, 2)


# --- must not be flagged ---


@jax.jit
def test_bitwise(cond1, cond2, a, b):
    return lax.cond(cond1 & cond2, lambda x: x[0], lambda x: x[1], (a, b))


def fixed():
    return test_bitwise(True, True, 1, 2)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
