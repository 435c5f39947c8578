# Report: jax-ml/jax#10878 https://github.com/jax-ml/jax/issues/10878
# Class: 6 (churn that comes from data: a loop counter passed at a static position)
# Rule: JG302
# Reduced: "GPU Memory Leak when I use numpy under a jitted function": `@partial(jax.jit,
# static_argnums=(1,)) def f(key, n)` builds `z = np.random.rand(3200000)` (a constant baked into
# each executable) and returns `z + x[n]`; it is called as `for j in range(3): y = f(key, j)`,
# and the device memory profile grows with every iteration: each new static `n` compiles a new
# executable (printing 'function is jitting !' each time). The reporter's fixes: use jax.random
# instead of numpy.random, and "do not use argnum to avoid re-jitting f" — `n` as a traced index.
# The constant is shrunk to 32000 elements.
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

key = jax.random.PRNGKey(233)


# --- must be flagged ---


@partial(jax.jit, static_argnums=(1,))
def f(key, n):
    z = np.random.rand(32000)
    x = jax.random.normal(key, (8,))
    return z + x[n]


def loop(n):
    y = None
    for j in range(n):
        y = f(key, j)  # expect: JG302
    return y


# --- must not be flagged ---


@jax.jit
def f_traced(key, n):
    z = jax.random.uniform(jax.random.fold_in(key, 1), (32000,))
    x = jax.random.normal(key, (8,))
    return z + x[n]


def loop_traced(n):
    y = None
    for j in range(n):
        y = f_traced(key, j)
    return y


GROWS = [loop]
BOUNDED = [loop_traced]
