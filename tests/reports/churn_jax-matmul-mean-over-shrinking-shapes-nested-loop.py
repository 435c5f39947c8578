# Report: jax-ml/jax#2072 https://github.com/jax-ml/jax/issues/2072
# Class: 6 (churn from data: every call has a new input shape)
# Rule: JG303
# Reduced: "Memory leak in a simple loop with no side effects": `f_jit = jit(f)` applied in
# nested loops to `x` of shape (500, i) and `y` of shape (500, j) with i and j counting down
# from 15000; mattjj: the compile cache grows as this runs, one entry per (i, j) (host memory
# grows with it). Sizes are scaled down to (8, i) and (8, j). Fix: keep one shape, padding to
# the largest size and masking, with the true sizes passed as traced values.
from jax import jit
from jax import numpy as np
from jax import random

N_MAX = 16


def f(x, y):
    return np.mean(x.T @ y)


f_jit = jit(f)


# --- must be flagged ---


def run(n):
    res = None
    for i in range(n, 0, -1):
        x = random.normal(random.PRNGKey(i), (8, i))
        for j in range(n, 0, -1):
            y = random.normal(random.PRNGKey(j), (8, j))
            res = f_jit(x, y)  # expect: JG303
    return res


# --- must not be flagged ---


@jit
def f_masked(x, y, i, j):
    cols = np.arange(N_MAX)
    x = np.where(cols < i, x, 0.0)
    y = np.where(cols < j, y, 0.0)
    return np.sum(x.T @ y) / (i * j)


def run_padded(n):
    res = None
    for i in range(n, 0, -1):
        x = random.normal(random.PRNGKey(i), (8, N_MAX))
        for j in range(n, 0, -1):
            y = random.normal(random.PRNGKey(j), (8, N_MAX))
            res = f_masked(x, y, i, j)
    return res


GROWS = [run]
BOUNDED = [run_padded]
