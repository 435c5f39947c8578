# Report: google-deepmind/optax#577 https://github.com/google-deepmind/optax/issues/577
# Class: 6 (churn: a new optimizer, hence a new jitted update, for every learning rate of a sweep)
# Rule: JG301
# Reduced: "Optax recompiles when learning rate changes": the comment's `main(lr)` builds
# `tx = optax.adafactor(learning_rate=lr, ...)` and jits `tx.update`; the learning rate is a
# constant of the closure, so every point of a hyperparameter sweep compiles again (and misses
# the persistent cache). optax is not installed: the optimizer is a NamedTuple of closures (as
# in optax) doing SGD; the sweep loop stands for the comment's repeated `main(lr)`. Fix (the
# comment's workaround, `inject_hyperparams`): the learning rate lives in the optimizer state as
# an array, the optimizer and its jitted update are built once.
from typing import Callable, NamedTuple

import jax
import jax.numpy as jnp


class GradientTransformation(NamedTuple):
    init: Callable
    update: Callable


def sgd(learning_rate):
    def init_fn(params):
        return ()

    def update_fn(updates, state, params=None):
        return jax.tree.map(lambda g: -learning_rate * g, updates), state

    return GradientTransformation(init_fn, update_fn)


def sgd_injected():
    def init_fn(params, learning_rate=0.1):
        return {"learning_rate": jnp.asarray(learning_rate, jnp.float32)}

    def update_fn(updates, state, params=None):
        return jax.tree.map(lambda g: -state["learning_rate"] * g, updates), state

    return GradientTransformation(init_fn, update_fn)


MODEL = jnp.ones(8)


# --- must be flagged ---


def sweep(n):
    results = []
    for k in range(n):
        lr = 0.1 * (k + 1)
        tx = sgd(learning_rate=lr)
        opt_state = tx.init(MODEL)
        updates, opt_state = jax.jit(tx.update)(MODEL, opt_state, MODEL)  # expect: JG301
        results.append(updates)
    return results


# --- must not be flagged ---


def sweep_injected(n):
    tx = sgd_injected()
    update = jax.jit(tx.update)
    results = []
    for k in range(n):
        opt_state = tx.init(MODEL, learning_rate=0.1 * (k + 1))
        updates, opt_state = update(MODEL, opt_state, MODEL)
        results.append(updates)
    return results


GROWS = [sweep]
BOUNDED = [sweep_injected]
