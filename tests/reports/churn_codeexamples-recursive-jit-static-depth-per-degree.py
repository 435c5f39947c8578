# Report: https://code-examples.net/ja/q/4c1302f (Q&A page retold in Japanese: "JAX recursive function JIT compile explosion ... and lax.scan")
# Class: 5 (what reaches a static position: a recursion depth, a new value each call)
# Rule: JG302
# Reduced: a jitted recursive function takes its depth as a static argument and calls itself with
# `n - 1`; the question is about the compile time that grows call after call. Every distinct
# static depth is its own cache entry, so evaluating the series at increasing depths traces and
# compiles once per depth (and each trace re-traces the whole recursion below it). The answer's
# fix: express the repetition with a lax loop (`lax.scan`/`fori_loop`) over a traced count, so
# one compiled program serves every depth. The recursion is reduced to Horner's scheme for
# `1 + x + ... + x**n`.
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=1)
def series(x, n):
    if n == 0:
        return jnp.ones_like(x)
    return 1.0 + x * series(x, n - 1)


@jax.jit
def series_loop(x, n):
    return jax.lax.fori_loop(0, n, lambda i, acc: 1.0 + x * acc, jnp.ones_like(x))


# --- must be flagged ---


def evaluate(n):
    x = jnp.linspace(0.0, 0.5, 8)
    return [series(x, depth) for depth in range(1, n + 1)]  # expect: JG302


# --- must not be flagged ---


def evaluate_loop(n):
    x = jnp.linspace(0.0, 0.5, 8)
    return [series_loop(x, depth) for depth in range(1, n + 1)]


GROWS = [evaluate]
BOUNDED = [evaluate_loop]
