# Report: jax-ml/jax#2515 https://github.com/jax-ml/jax/issues/2515
# Class: 6 (churn: `jit(grad(f))` builds a new function object on every call of the wrapper)
# Rule: JG301
# Reduced: "How to accelerate use jit in loop": `my_dev_likelihood(pars)` returns
# `jit(grad(_Likelihood))(pars[0], pars[1], x)` and is called twice per loop iteration over new
# data `x` of the same shape; `grad` returns a new function each time, so every call traces and
# compiles again and "the jit can not accelerate". N is cut from 100 to 8 and iminuit is left
# out. Fix (the usual answer: jit once, pass the data as an argument): build
# `jit(grad(_Likelihood))` once at module level and call it with `x`.
import jax.numpy as jnp
from jax import grad, jit
from numpy import random

sigma = 5.0
mu = 100.0
N = 8


def _Likelihood(s, m, w):
    sum = 0
    for _x in w:
        term = -jnp.log(1 / (s * jnp.sqrt(2.0 * jnp.pi)) * jnp.exp(-(((_x - m) / s) ** 2) / 2.0))
        sum += term
    return sum


# --- must be flagged ---


def my_dev_likelihood(pars, x):
    return jit(grad(_Likelihood))(pars[0], pars[1], x)  # expect: JG301


def fit(tries):
    s0 = sigma + random.randn(tries) * 0.5
    s1 = mu + random.randn(tries) * 10.0
    out = []
    for ss, mm in zip(s0, s1):
        x = random.randn(N) * sigma + mu
        out.append(my_dev_likelihood((ss, mm), x))
        out.append(my_dev_likelihood((ss + 0.1, mm + 0.1), x))
    return out


# --- must not be flagged ---

dev_likelihood = jit(grad(_Likelihood))


def fit_once_jitted(tries):
    s0 = sigma + random.randn(tries) * 0.5
    s1 = mu + random.randn(tries) * 10.0
    out = []
    for ss, mm in zip(s0, s1):
        x = random.randn(N) * sigma + mu
        out.append(dev_likelihood(ss, mm, x))
        out.append(dev_likelihood(ss + 0.1, mm + 0.1, x))
    return out


GROWS = [fit]
BOUNDED = [fit_once_jitted]
