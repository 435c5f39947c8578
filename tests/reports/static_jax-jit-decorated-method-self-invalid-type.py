# Report: jax-ml/jax#5595 https://github.com/jax-ml/jax/issues/5595
# Class: 5 (a non-array argument not declared static: `self` of a `@jit`-decorated method)
# Rule: JG206
# Reduced: "JIT for class method": `self.f = jax.jit(self.f)` in `__init__` works, but decorating
# the method with `@jit` fails with "Argument '<__main__.A1 object ...>' of type <class
# '__main__.A1'> is not a valid JAX type": jit wraps the two-argument function and then receives
# the instance. The maintainer explains the difference and suggests
# `@partial(jit, static_argnums=0)`. Kept as in the thread, with a scale attribute so the method
# reads `self`; both working variants are the look-alikes.
from functools import partial

import jax
from jax import jit


# --- must be flagged ---


class A1:
    def __init__(self):
        self.scale = 2.0

    @jit
    def f(self, x):
        return self.scale * x


def bug():
    a = A1()
    return a.f(5.0)  # expect: JG206


# --- must not be flagged ---


class A1Bound:
    def __init__(self):
        self.scale = 2.0
        self.f = jax.jit(self.f)

    def f(self, x):
        return self.scale * x


class A1Static:
    def __init__(self):
        self.scale = 2.0

    @partial(jit, static_argnums=0)
    def f(self, x):
        return self.scale * x


def fixed_bound():
    return A1Bound().f(5.0)


def fixed_static():
    return A1Static().f(5.0)


RAISES = [(bug, "TypeError")]
RUNS = [fixed_bound, fixed_static]
