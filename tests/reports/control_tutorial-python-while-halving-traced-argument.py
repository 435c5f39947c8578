# Report: https://crackedaicode.com/problems/jax-while-loop-vs-python-while (tutorial problem "lax.while_loop vs Python while": the mistake it teaches)
# Class: 3 (everything created inside jit is traced: the argument, then each value the loop rebinds to it)
# Rule: JG102
# Reduced: "The most common mistake when moving JAX code under jit is leaving a Python while loop
# whose exit condition touches a traced value": `@jit def bad(x): while x > 1.0: x = x * 0.5`.
# The condition asks for the truth value of a traced scalar (TracerBoolConversionError under
# 0.10.2). The page's fix: `lax.while_loop(cond, body, x)` with the test and the halving as
# functions of the carried value.
from jax import jit, lax

# --- must be flagged ---


@jit
def bad(x):
    while x > 1.0:  # expect: JG102
        x = x * 0.5
    return x


def bug():
    return bad(4.0)


# --- must not be flagged ---


@jit
def good(x):
    cond = lambda s: s > 1.0
    body = lambda s: s * 0.5
    return lax.while_loop(cond, body, x)


def fixed():
    return good(4.0)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
