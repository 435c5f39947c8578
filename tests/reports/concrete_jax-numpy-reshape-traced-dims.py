# Report: jax-ml/jax#1629 https://github.com/jax-ml/jax/issues/1629
# Class: 2 (arguments JAX needs static: reshape dimensions passed through the jitted function)
# Rule: JG105
# Reduced: the objective reshapes its input with `np.reshape(X, (r, m, n), order='F')`, where
# `m` and `n` are passed to the jitted gradient function with the data; NumPy hands the call to
# the tracer's `reshape`, whose shape is then traced. Fix: make `m` and `n` static.
import functools

import jax
import jax.numpy as jnp
import numpy as np

# --- must be flagged ---


def functional(X, m, n):
    r = X.shape[0]
    X_imshape = np.reshape(X, (r, m, n), order="F")  # expect: JG105
    return jnp.sum(X_imshape**2)


@jax.jit
def gradient(X, m, n):
    return jax.grad(functional)(X, m, n)


def bug():
    return gradient(jnp.ones((2, 6)), 2, 3)


# --- must not be flagged ---


@functools.partial(jax.jit, static_argnums=(1, 2))
def gradient_static(X, m, n):
    return jax.grad(functional)(X, m, n)


def fixed():
    return gradient_static(jnp.ones((2, 6)), 2, 3)


RAISES = [(bug, "TypeError")]
RUNS = [fixed]
