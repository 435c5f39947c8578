# Report: jax-ml/jax#9288 https://github.com/jax-ml/jax/issues/9288
# Class: 6 (churn: `jax.jit` applied to a new function object on every iteration)
# Rule: JG301
# Reduced: the two versions of the JIT tutorial's "don't do this" loop, unchanged but for
# the prints: `i = jax.jit(unjitted_loop_body)(i)` inside `while i < n` compiles once (the
# reporter's finding: jit of the same named function is cached), while
# `i = jax.jit(lambda x: unjitted_loop_body(x))(i)` compiles on every iteration. The first is
# the look-alike, with the maintainers' advice (jit once, outside the loop) as a second one.
import jax


def unjitted_loop_body(prev_i):
    return prev_i + 1


# --- must be flagged ---


def g_inner_jitted_lambda(x, n):
    i = 0
    while i < n:
        i = jax.jit(lambda x: unjitted_loop_body(x))(i)  # expect: JG301
    return x + i


def run_lambda(n):
    return g_inner_jitted_lambda(10, n)


# --- must not be flagged ---


def g_inner_jitted_poorly(x, n):
    i = 0
    while i < n:
        i = jax.jit(unjitted_loop_body)(i)
    return x + i


jitted_loop_body = jax.jit(unjitted_loop_body)


def g_inner_jitted_once(x, n):
    i = 0
    while i < n:
        i = jitted_loop_body(i)
    return x + i


def run_named(n):
    return g_inner_jitted_poorly(10, n)


def run_once(n):
    return g_inner_jitted_once(10, n)


GROWS = [run_lambda]
BOUNDED = [run_named, run_once]
