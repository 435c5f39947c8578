# Report: https://openillumi.com/?p=109501 (Stack Overflow question, retold: "Stop JAX JIT Recompilation! Dynamic Shape Root Cause")
# Class: 6 (churn that comes from data: the leading axis length differs from call to call)
# Rule: JG303
# Reduced: `@jax.jit def f(x): print('recompiling'); return (x + 10) * 100`, called with
# `jnp.arange(N).reshape((-1, 2, 2))` for a growing N: every new N recompiles ("It would be nice
# if it weren't"); the answer: shape is part of the cache key, pad to a fixed maximum shape.
# Fix: pad every input (on the host) to the largest length.
import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def f(x):
    return (x + 10) * 100


# --- must be flagged ---


def growing(n):
    outs = []
    for i in range(1, n + 1):
        x = jnp.arange(4 * i).reshape((-1, 2, 2))
        outs.append(f(x))  # expect: JG303
    return outs


# --- must not be flagged ---


MAX_ROWS = 16


def padded(n):
    outs = []
    for i in range(1, n + 1):
        x = np.zeros((MAX_ROWS, 2, 2))
        x[:i] = np.arange(4 * i).reshape((-1, 2, 2))
        outs.append(f(x))
    return outs


GROWS = [growing]
BOUNDED = [padded]
