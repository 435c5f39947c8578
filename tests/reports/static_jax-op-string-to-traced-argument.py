# Report: jax-ml/jax#13914 https://github.com/jax-ml/jax/issues/13914
# Class: 2 (arguments JAX needs static: an operation name)
# Rule: JG206
# Reduced: the example: `@jax.jit def f(x, y, op): return x + y if op == 'add' else x * y`
# then `f(1, 2, 'add')` raises "Argument 'add' of type <class 'str'> is not a valid JAX type". Fix
# (the issue's): `@partial(jit, static_argnames=['op'])`.
from functools import partial

import jax
from jax import jit

# --- must be flagged ---


@jax.jit
def f(x, y, op):
    return x + y if op == "add" else x * y


def bug():
    return f(1, 2, "add")  # expect: JG206


# --- must not be flagged ---


@partial(jit, static_argnames=["op"])
def f2(x, y, op):
    return x + y if op == "add" else x * y


def fixed():
    return f2(1.0, 2.0, "add")


RAISES = [(bug, "TypeError")]
RUNS = [fixed]
