# Variant of: tests/reports/static_jax-op-string-to-traced-argument.py
# Class: 2 (a string at a traced position of a jitted function)
# Rule: JG206
# Axis: (e) the string reaches the jitted function through a helper's `**options` (JAX raises
# at the helper's call of the jitted function).
from functools import partial

import jax


@jax.jit
def f(x, y, op):
    return x + y if op == "add" else x * y


@partial(jax.jit, static_argnames=["op"])
def f2(x, y, op):
    return x + y if op == "add" else x * y


def combine(x, y, **options):
    return f(x, y, **options)  # expect: JG206


def combine_static(x, y, **options):
    return f2(x, y, **options)


# --- must be flagged ---


def bug():
    return combine(1, 2, op="add")


# --- must not be flagged ---


def fixed():
    return combine_static(1.0, 2.0, op="add")


RAISES = [(bug, "TypeError")]
RUNS = [fixed]
