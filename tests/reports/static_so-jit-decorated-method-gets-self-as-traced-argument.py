# Report: https://openillumi.com/en/en-jax-jit-class-method-stale-cache-fix (Stack Overflow question, retold)
# Class: 5 (what reaches a static position: `self` of a plain class at a traced position)
# Rule: JG206
# Reduced: "Why does the @jit decorator fail on class methods, while direct application without
# the decorator appears to work?": `class CustomClass` with an attribute `mul` and a method
# `calc(self, x)` returning `x * self.mul`; decorating `calc` with `@jit` fails when called as
# `c.calc(x)`, because jit traces every positional argument and `self` (a `CustomClass`) is not a
# valid JAX type, while `jit(c.calc)` "works" only by closing over `self` (and then never sees
# later changes to `c.mul`: a stale cache). Answer: `@partial(jit, static_argnums=0)` and give the
# class `__hash__`/`__eq__` over its state, so a change of `mul` recompiles.
from functools import partial

import jax.numpy as jnp
from jax import jit


# --- must be flagged ---


class CustomClass:
    def __init__(self, mul):
        self.mul = mul

    @jit
    def calc(self, x):
        return x * self.mul


def crashes():
    c = CustomClass(2)
    return c.calc(jnp.arange(3.0))  # expect: JG206


# --- must not be flagged ---


class HashedClass:
    def __init__(self, mul):
        self.mul = mul

    @partial(jit, static_argnums=0)
    def calc(self, x):
        return x * self.mul

    def __hash__(self):
        return hash((self.mul,))

    def __eq__(self, other):
        return isinstance(other, HashedClass) and self.mul == other.mul


def works():
    c = HashedClass(2)
    return c.calc(jnp.arange(3.0))


RAISES = [(crashes, "TypeError")]
RUNS = [works]
