# Report: google-deepmind/optax#353 https://github.com/google-deepmind/optax/issues/353
# Class: 6 (churn: a new identity-hashed object at a static position on every call)
# Rule: JG302
# Reduced (plain JAX; the optimizer is a NamedTuple of two closures, as optax's
# GradientTransformation is): `train()` builds `adam(1e-2)` and calls
# `train_step(optimizer, ...)` with the optimizer static. The closures are new on every
# `adam(...)` call, so each `train()` compiles again. Fix: build the optimizer once.
import functools
from typing import Callable, NamedTuple

import jax
import jax.numpy as jnp


class GradientTransformation(NamedTuple):
    init: Callable
    update: Callable


def adam(learning_rate):
    def init_fn(params):
        return jnp.zeros_like(params)

    def update_fn(grads, state):
        return -learning_rate * grads, state

    return GradientTransformation(init_fn, update_fn)


@functools.partial(jax.jit, static_argnames=("optimizer",))
def train_step(optimizer, params, opt_state):
    updates, opt_state = optimizer.update(2 * params, opt_state)
    return params + updates, opt_state


# --- must be flagged ---


def train():
    optimizer = adam(1e-2)
    params = jnp.zeros((10, 10))
    opt_state = optimizer.init(params)
    for _ in range(3):
        params, opt_state = train_step(optimizer, params, opt_state)  # expect: JG302
    return params


def train_repeatedly(n):
    return [train() for _ in range(n)]


# --- must not be flagged ---

OPTIMIZER = adam(1e-2)


def train_shared():
    params = jnp.zeros((10, 10))
    opt_state = OPTIMIZER.init(params)
    for _ in range(3):
        params, opt_state = train_step(OPTIMIZER, params, opt_state)
    return params


def train_shared_repeatedly(n):
    return [train_shared() for _ in range(n)]


GROWS = [train_repeatedly]
BOUNDED = [train_shared_repeatedly]
