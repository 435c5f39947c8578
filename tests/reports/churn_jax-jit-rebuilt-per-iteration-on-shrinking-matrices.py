# Report: jax-ml/jax#7930 https://github.com/jax-ml/jax/issues/7930
# Class: 6 (churn that comes from data: the array shape changes on every loop iteration)
# Rule: JG303
# Reduced: "Unable to clear jit cache by dropping reference to the function returned by
# `jax.jit` - memory leak?": `size -= 1; a = np.ones([size, size]); jit_f = jit(f);
# out = jit_f(a)` in `for i in range(1000)`, GPU memory grows by about 1 MB per 100 iterations.
# Every iteration hands the jitted `f` a square matrix one row smaller, so every call traces and
# compiles `f` for a new shape (JAX keys the cache by `f`, not by the `jit` wrapper, so rebuilding
# the wrapper does not drop it). Fix: keep the shape fixed (pad to the largest size) so one
# compiled `f` serves every iteration.
import jax
import jax.numpy as jnp
import numpy as np


def f(x):
    return jnp.mean(jnp.dot(x, x.T))


# --- must be flagged ---


def shrinking(n):
    size = 12
    outs = []
    for i in range(n):
        size -= 1
        a = np.ones([size, size])
        jit_f = jax.jit(f)
        outs.append(jit_f(a))  # expect: JG303
    return outs


# --- must not be flagged ---


def padded(n):
    full = 12
    size = 12
    outs = []
    jit_f = jax.jit(f)
    for i in range(n):
        size -= 1
        a = np.zeros([full, full])
        a[:size, :size] = 1.0
        outs.append(jit_f(a))
    return outs


GROWS = [shrinking]
BOUNDED = [padded]
