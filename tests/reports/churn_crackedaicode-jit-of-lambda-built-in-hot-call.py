# Report: https://crackedaicode.com/problems/jax-compilation-cache-key (tutorial problem "Compilation Cache Key")
# Class: 6 (churn: `jax.jit` of a lambda built inside a function that runs per step)
# Rule: JG301
# Reduced: the page's BAD example: `hot_call(x)` builds `f = jax.jit(lambda y: jnp.sum(y ** 2))`
# and calls it; the jit cache is keyed on the function's identity, and every call makes a new
# lambda and a new jit object, so each call traces and compiles again ("guaranteeing a cache miss
# and a full recompile"). Its GOOD version: one `@jax.jit` function at module level, called from
# `jit_cached_call`. The loop stands for the "hot loop" of its pitfalls list.
import jax
import jax.numpy as jnp


@jax.jit
def _stable_sum_sq(x):
    return jnp.sum(x ** 2)


# --- must be flagged ---


def hot_call(x):
    f = jax.jit(lambda y: jnp.sum(y ** 2))  # expect: JG301
    return f(x)


def run_hot(n):
    x = jnp.array([1.0, 2.0, 3.0])
    return [hot_call(x) for _ in range(n)]


# --- must not be flagged ---


def jit_cached_call(x):
    return _stable_sum_sq(x)


def run_cached(n):
    x = jnp.array([1.0, 2.0, 3.0])
    return [jit_cached_call(x) for _ in range(n)]


GROWS = [run_hot]
BOUNDED = [run_cached]
