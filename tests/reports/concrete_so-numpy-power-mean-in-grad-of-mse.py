# Report: https://openillumi.com/?p=109328 (Stack Overflow question, retold)
# Class: 4 (NumPy and Python on traced values, deeper: NumPy reductions in a loss under jax.grad)
# Rule: JG104
# Reduced: "Can't compute derivatives with np.power in JAX autodiff": data `x = np.linspace(0, 1,
# 100)`, `y = 2 * x + 3 + noise`; the mean squared error of a linear model is written
# `def f(params, x, y): return np.mean(np.power((params['w'] * x + params['b']) - y, 2))` and
# `grad(f)(params, x, y)` fails with TracerArrayConversionError: NumPy converts the JVP tracer
# of `params['w'] * x + params['b'] - y` to an ndarray. Answer: use `jnp.mean(jnp.power(...))`.
import jax.numpy as jnp
import numpy as np
from jax import grad

x = np.linspace(0, 1, 100)
y = 2 * x + 3 + np.random.default_rng(0).normal(size=100)
params = {"w": 2.4, "b": 10.0}


# --- must be flagged ---


def f(params, x, y):
    return np.mean(np.power((params["w"] * x + params["b"]) - y, 2))  # expect: JG104


def crashes():
    return grad(f)(params, x, y)


# --- must not be flagged ---


def f_jnp(params, x, y):
    return jnp.mean(jnp.power((params["w"] * x + params["b"]) - y, 2))


def works():
    return grad(f_jnp)(params, x, y)


RAISES = [(crashes, "TracerArrayConversionError")]
RUNS = [works]
