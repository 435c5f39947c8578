# Report: https://theneuralbase.com/jax/learn/beginner/static-vs-dynamic-values/ (tutorial lesson "Static vs dynamic values": the pitfall it teaches)
# Class: 2 (arguments JAX needs static: a loop count)
# Rule: JG104
# Reduced: `@jax.jit def repeat_array(x, n: int)` grows `result` with
# `jnp.concatenate([result, x])` in `for i in range(n)` ("n MUST be static because it controls
# Python-level loop structure"); called as `repeat_array(x, 3)` with the decorator alone, `n` is
# a tracer and `range(n)` raises TracerIntegerConversionError. The lesson's fix: mark `n` static
# (`jax.jit(..., static_argnums=1)`), one compile per value of `n`.
from functools import partial

import jax
import jax.numpy as jnp

# --- must be flagged ---


@jax.jit
def repeat_array(x, n: int):
    result = x
    for i in range(n):  # expect: JG104
        result = jnp.concatenate([result, x])
    return result


def bug():
    return repeat_array(jnp.array([1.0, 2.0]), 3)


# --- must not be flagged ---


@partial(jax.jit, static_argnums=1)
def repeat_array_ok(x, n: int):
    result = x
    for i in range(n):
        result = jnp.concatenate([result, x])
    return result


def fixed():
    return repeat_array_ok(jnp.array([1.0, 2.0]), 3)


RAISES = [(bug, "TracerIntegerConversionError")]
RUNS = [fixed]
