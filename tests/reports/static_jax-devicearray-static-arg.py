# Report: jax-ml/jax#883 https://github.com/jax-ml/jax/issues/883
# Class: 5 (what reaches a static position: a JAX array)
# Rule: JG203
# Reduced: the issue's `main()`: `v = np.array([1, 2, 3])` with `jax.numpy as np`, passed at
# `static_argnums=(1,)`. Today JAX raises at the first call. Fix: pass the values as a tuple.
from functools import partial

import jax.numpy as np
from jax import jit

# --- must be flagged ---


@partial(jit, static_argnums=(1,))
def f(x, v):
    return x * len(v)


def main():
    x = np.ones((10, 10))
    v = np.array([1, 2, 3])
    first_call = f(x, v)  # expect: JG203
    return first_call


# --- must not be flagged ---


def main_tuple():
    x = np.ones((10, 10))
    v = (1, 2, 3)
    return f(x, v)


RAISES = [(main, "ValueError")]
RUNS = [main_tuple]
