# Report: https://docs.jax.dev/en/latest/jit-compilation.html (JAX tutorial "Just-in-time compilation", "Why can't we just JIT everything?"; its fix copied in https://theorashid.github.io/notes/jax.jit)
# Class: 2 (arguments JAX needs static: a loop bound passed as an argument)
# Rule: JG102
# Reduced: `def g(x, n): i = 0; while i < n: i += 1; return x + i`, compiled by a call,
# `jax.jit(g)(10, 20)`: the counter is a Python int, the bound a tracer, and the loop test
# needs the truth value of their comparison (TracerBoolConversionError). The tutorial's fix:
# `static_argnames=['n']` (here as a decorator, as in the notes that copy it).
from functools import partial

import jax

# --- must be flagged ---


def g(x, n):
    i = 0
    while i < n:  # expect: JG102
        i += 1
    return x + i


def bug():
    return jax.jit(g)(10, 20)


# --- must not be flagged ---


@partial(jax.jit, static_argnames=["n"])
def g_jit_decorated(x, n):
    i = 0
    while i < n:
        i += 1
    return x + i


def fixed():
    return g_jit_decorated(10, 20)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
