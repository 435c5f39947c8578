# Report: jax-ml/jax#1637 https://github.com/jax-ml/jax/pull/1637 ("implement James Bondbury caching heuristic")
# Class: 6 (churn from call structure: `jax.jit` of a new `functools.partial` on every call)
# Rule: JG301
# Reduced: the PR's stylized case, `jit(partial(f, 2))(3)` then `jit(partial(f, 2))(5)`: "Python
# callables can be equal but not identical (in real use cases!)"; it came from "repeating big
# recompilations" in Google tests. The PR was closed: jit keys its cache on the callable's
# identity, and `functools.partial` objects compare by identity, so each new partial is a new
# cache entry (checked on JAX 0.10.2: one compile per call). Here a helper binds the offset with
# `functools.partial` and jits it on every call, in an evaluation loop. Fix: bind once, or pass
# the bound value as an argument of one module-level jitted function.
import functools

import jax
import jax.numpy as jnp


def f(offset, y):
    return jnp.tanh(y) + offset


# --- must be flagged ---


def shifted(y):
    return jax.jit(functools.partial(f, 2.0))(y)  # expect: JG301


def evaluate(n):
    return [shifted(jnp.full(3, float(i))) for i in range(n)]


# --- must not be flagged ---


f_jit = jax.jit(f)


def shifted_fixed(y):
    return f_jit(2.0, y)


def evaluate_fixed(n):
    return [shifted_fixed(jnp.full(3, float(i))) for i in range(n)]


GROWS = [evaluate]
BOUNDED = [evaluate_fixed]
