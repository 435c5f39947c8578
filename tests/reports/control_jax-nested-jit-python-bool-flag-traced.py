# Report: jax-ml/jax#11380 https://github.com/jax-ml/jax/pull/11380
# Class: 5 (what reaches a static position: a Python bool passed from one jitted function to another that traces it)
# Rule: JG101
# Reduced: the PR's example: `f(x, y)` is jitted with no static arguments and branches on
# `if y:`; `g(x)`, jitted too, calls `f(x, True)`. The inner jit traces every argument it gets,
# so inside `g`'s trace the literal `True` reaches `f` as a boolean tracer and `if y:` raises
# (before the PR JAX crashed with an IndexError while building the message; JAX 0.10.2 raises
# TracerBoolConversionError). Fix: declare `y` static on `f`.
import functools

import jax


def choose(x, y):
    if y:  # expect: JG101
        return x
    return -x


# --- must be flagged ---


f = jax.jit(choose)


@jax.jit
def g(x):
    return f(x, True)


def bug():
    return g(1.0)


# --- must not be flagged ---


f_static = functools.partial(jax.jit, static_argnames="y")(choose)


@jax.jit
def g_static(x):
    return f_static(x, True)


def fixed():
    return g_static(1.0)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
