# Report: jax-ml/jax#6853 https://github.com/jax-ml/jax/issues/6853
# Class: 1 (values inside containers: a dict parameter whose entry bounds a slice)
# Rule: JG105
# Reduced: the issue's `foo(x, d)`: `x[:d['num']] + d['val']` under jit; the dict's entries are
# traced leaves, so the slice bound is traced (and the dict cannot be static: it holds an array).
# Fix: pass the bound separately as a static argument.
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import jit

# --- must be flagged ---


@jit
def foo(x, d):
    return x[: d["num"]] + d["val"]  # expect: JG105


def bug():
    return foo(jnp.arange(10), {"num": 5, "val": np.arange(5)})


# --- must not be flagged ---


@functools.partial(jit, static_argnames=("num",))
def foo_static(x, d, num):
    return x[:num] + d["val"]


def fixed():
    return foo_static(jnp.arange(10), {"val": np.arange(5)}, num=5)


RAISES = [(bug, "IndexError")]
RUNS = [fixed]
