# Report: jax-ml/jax#16778 https://github.com/jax-ml/jax/issues/16778
# Class: 6 (churn from data: the argument's shape follows the loop counter)
# Rule: JG303
# Reduced: "JAX never destroys compiled executables": `add_jit = jit(add)` is called in
# `for i in range(2, 1000)` on `np.arange(i*i).reshape((i, i))` matrices, so every iteration has
# a new shape and compiles (and keeps) a new executable; with CUDA graphs each one also holds
# device memory, and the loop runs out of memory. The thread's answer is JAX's cache bound; the
# caller's fix is to keep shapes fixed: pad every matrix to one size (the padding rows and
# columns are zeros and do not change the leading block of the products).
import jax.numpy as jnp
import numpy as np
from jax import jit

MAX = 8


def add(a, b):
    x0 = jnp.dot(a, b)
    x1 = jnp.dot(x0, a)
    x = x0 + x1
    return a, x


add_jit = jit(add)


# --- must be flagged ---


def run(n):
    for i in range(2, 2 + n):
        a = np.array(np.arange(i * i), dtype=np.float32).reshape((i, i))
        b = np.array(np.arange(i * i), dtype=np.float32).reshape((i, i))
        c = add_jit(a, b)  # expect: JG303
    return c


# --- must not be flagged ---


def pad_to_max(m):
    return np.pad(m, ((0, MAX - m.shape[0]), (0, MAX - m.shape[1])))


def run_padded(n):
    for i in range(2, 2 + n):
        a = np.array(np.arange(i * i), dtype=np.float32).reshape((i, i))
        b = np.array(np.arange(i * i), dtype=np.float32).reshape((i, i))
        c = add_jit(pad_to_max(a), pad_to_max(b))
    return c


GROWS = [run]
BOUNDED = [run_padded]
