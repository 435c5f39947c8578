# Report: https://openillumi.com/en/en-jax-jit-static-argnums-array-fix (Q&A: "Non-hashable static arguments" with training data)
# Class: 5 (what reaches a static position: NumPy arrays from a helper)
# Rule: JG203
# Reduced: a least-squares loss jitted with the training data `x`, `y` at `static_argnums=(1, 2)`
# to "freeze" them; the data come from `np.linspace` in a helper. Fix (the page's): plain
# `@jit`, data as ordinary arguments.
import functools

import jax
import jax.numpy as jnp
import numpy as np

# --- must be flagged ---


def make_data(n=20):
    x = np.linspace(0.0, 1.0, n)
    return x, 3.0 * x + 0.5


@functools.partial(jax.jit, static_argnums=(1, 2))
def loss(r, x, y):
    return jnp.mean((r[0] * x + r[1] - y) ** 2)


def fit():
    x, y = make_data()
    return loss(jnp.zeros(2), x, y)  # expect: JG203


# --- must not be flagged ---


@jax.jit
def loss_traced(r, x, y):
    return jnp.mean((r[0] * x + r[1] - y) ** 2)


def fit_traced():
    x, y = make_data()
    return loss_traced(jnp.zeros(2), x, y)


RAISES = [(fit, "ValueError")]
RUNS = [fit_traced]
