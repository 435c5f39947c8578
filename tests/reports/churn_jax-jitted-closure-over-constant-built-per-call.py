# Report: jax-ml/jax#11448 https://github.com/jax-ml/jax/issues/11448
# Class: 6 (churn: a jitted function defined anew inside a helper that runs again and again)
# Rule: JG301
# Reduced: "Memory leak in compiled loops closing over large constants": `leak()` builds a large
# constant, defines `g` closing over it with a `lax` loop inside, jits `g` and calls it; calling
# `leak()` over and over grows memory. Each call defines a new `g`, so `jax.jit(g)` traces and
# compiles it again on every call. Fix (the shape of the report's `no_leak` taken further): define
# the function once at module level and pass the constant as an argument. The marked line is the
# `jax.jit` of the new nested def (JG301's place); the miner marked the call `jg(0.0)`, and the
# blind measure counted this file as missed (JG301 was reported on the jit line).
import jax
import jax.numpy as jnp


# --- must be flagged ---


def leak():
    data = jnp.arange(1000.0)

    def g(x):
        return jax.lax.fori_loop(0, 3, lambda i, acc: acc + data.sum(), x)

    jg = jax.jit(g)  # expect: JG301
    return jg(0.0)


def run_leak(n):
    return [leak() for _ in range(n)]


# --- must not be flagged ---


@jax.jit
def g_once(x, data):
    return jax.lax.fori_loop(0, 3, lambda i, acc: acc + data.sum(), x)


def no_leak():
    data = jnp.arange(1000.0)
    return g_once(0.0, data)


def run_no_leak(n):
    return [no_leak() for _ in range(n)]


GROWS = [run_leak]
BOUNDED = [run_no_leak]
