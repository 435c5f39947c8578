# Report: https://docs.jax.dev/en/latest/jit-compilation.html#jit-and-caching (JAX tutorial "Just-in-time compilation", section "JIT and caching")
# Class: 6 (churn: `jax.jit` of a new `functools.partial` object per loop iteration)
# Rule: JG301
# Reduced: the tutorial's "Don't do this!": inside a `while i < n` loop it calls
# `jax.jit(partial(unjitted_loop_body))(i)`; each `partial(...)` is a new object with its own
# hash, so the jit cache misses every iteration and the body compiles n times. Its OK version:
# `jax.jit(unjitted_loop_body)(i)`, the same function object each time, which finds the cached
# program (one compile, however long the loop).
from functools import partial

import jax


def unjitted_loop_body(prev_i):
    return prev_i + 1


# --- must be flagged ---


def g_inner_jitted_partial(n):
    i = 0
    while i < n:
        i = jax.jit(partial(unjitted_loop_body))(i)  # expect: JG301
    return i


# --- must not be flagged ---


def g_inner_jitted_normal(n):
    i = 0
    while i < n:
        i = jax.jit(unjitted_loop_body)(i)
    return i


GROWS = [g_inner_jitted_partial]
BOUNDED = [g_inner_jitted_normal]
