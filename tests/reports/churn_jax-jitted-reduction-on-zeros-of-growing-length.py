# Report: jax-ml/jax#19429 https://github.com/jax-ml/jax/issues/19429
# Class: 6 (churn that comes from data: the input length changes every iteration)
# Rule: JG303
# Reduced: "Memory leak when allocating arrays in a for loop" (surfaced in numpyro#1699): a
# jitted `fn(x) = jnp.sum(jnp.sin(x))` is called as `fn(jnp.zeros(i))` for `i` in
# `range(0, 1_001)`, and resident memory keeps growing even with `jax.clear_caches()`; every new
# length is a new shape, so every iteration traces and compiles `fn` again. Here the loop is the
# reporter's, shortened. Fix: give the jitted function one padded length and the true length as a
# traced argument, masking the padding.
import jax
import jax.numpy as jnp

MAX_LEN = 64


@jax.jit
def fn(x):
    return jnp.sum(jnp.sin(x))


@jax.jit
def fn_masked(x, n):
    mask = jnp.arange(x.shape[0]) < n
    return jnp.sum(jnp.where(mask, jnp.sin(x), 0.0))


# --- must be flagged ---


def run(n):
    out = []
    for i in range(1, n + 1):
        out.append(fn(jnp.zeros(i)))  # expect: JG303
    return out


# --- must not be flagged ---


def run_padded(n):
    out = []
    for i in range(1, n + 1):
        out.append(fn_masked(jnp.zeros(MAX_LEN), i))
    return out


GROWS = [run]
BOUNDED = [run_padded]
