# Report: jax-ml/jax#1832 https://github.com/jax-ml/jax/issues/1832
# Class: 6 (churn from code: `jit(grad(f))` built again on every timed call)
# Rule: JG301
# Reduced: a maintainer's comment in the thread: the user times `jit(grad(...))` inside
# `%timeit`, so each repetition builds a new jitted function and compiles again. The notebook's
# `func_jax` is a cumulative sum (the maintainer's `lax.scan` version); the timing loop is written
# as a Python loop, since `%timeit` is IPython. Fix (the maintainer's): jit once, outside the loop.
import jax.numpy as np
from jax import grad, jit, lax

# --- must be flagged ---


def func_jax(x):
    def body(f_prev, x_i):
        return f_prev + x_i, f_prev + x_i

    _, f = lax.scan(body, 0.0, x)
    return np.sum(f)


def timeit_loop(n):
    x = np.arange(10.0)
    out = None
    for _ in range(n):
        out = jit(grad(func_jax))(x)  # expect: JG301
    return out


# --- must not be flagged ---


def timeit_loop_fixed(n):
    x = np.arange(10.0)
    g = jit(grad(func_jax))
    out = None
    for _ in range(n):
        out = g(x)
    return out


GROWS = [timeit_loop]
BOUNDED = [timeit_loop_fixed]
