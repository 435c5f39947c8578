# Report: jax-ml/jax#4661 https://github.com/jax-ml/jax/pull/4661
# Class: 5 (an unhashable static argument: a numpy array)
# Rule: JG203
# Reduced: the PR's message names a `numpy.ndarray` passed as static argument 1 of a function `f`
# ("Static argument (index 1) of type <class 'numpy.ndarray'> for function f is non-hashable");
# in 2020 it warned, JAX 0.10.2 raises ValueError. The PR shows only the message: the function and
# the call are not shown. Fix: pass the array as a traced argument (or a tuple if it must be static).
import functools

import jax
import jax.numpy as jnp
import numpy as np

# --- must be flagged ---


@functools.partial(jax.jit, static_argnums=1)
def f(x, v):
    return x * jnp.asarray(v).sum()


def bug():
    return f(jnp.ones(3), np.array([1, 2, 3]))  # expect: JG203


# --- must not be flagged ---


@jax.jit
def f_traced(x, v):
    return x * v.sum()


def fixed():
    return f_traced(jnp.ones(3), np.array([1, 2, 3])), f(jnp.ones(3), (1, 2, 3))


RAISES = [(bug, "ValueError")]
RUNS = [fixed]
