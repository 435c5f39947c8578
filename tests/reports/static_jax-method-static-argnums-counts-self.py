# Report: jax-ml/jax#17158 https://github.com/jax-ml/jax/issues/17158
# Class: 5 (what reaches a static position: `static_argnums` on a method counts `self`)
# Rule: JG206
# Reduced: `@partial(jax.jit, static_argnums=(1,))` works on `f(x, neg)`, but the same decorator
# on the method `f(self, x, neg)` counts `self` as argument 0: `x` becomes static and `neg` and
# `self` traced. JAX 0.4.13 complained about the array at static index 1; JAX 0.10.2 first rejects
# `self` ("Error interpreting argument ... as an abstract array", TypeError). Fix: count `self`
# and keep it static, `static_argnums=(0, 2)`.
from functools import partial

import jax
import jax.numpy as jnp

arr = jnp.array([1, 2])

# --- must be flagged ---


class Test:
    @partial(jax.jit, static_argnums=(1,))
    def f(self, x, neg):
        return -x if neg else x


def bug():
    t = Test()
    return t.f(arr, True)  # expect: JG206


# --- must not be flagged ---


class TestFixed:
    @partial(jax.jit, static_argnums=(0, 2))
    def f(self, x, neg):
        return -x if neg else x


def fixed():
    t = TestFixed()
    return t.f(arr, True)


RAISES = [(bug, "TypeError")]
RUNS = [fixed]
