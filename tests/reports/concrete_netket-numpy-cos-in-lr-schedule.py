# Report: netket/netket#908 https://github.com/netket/netket/issues/908
# Class: 4 (NumPy on a traced value in a user callback called from a jitted library update)
# Rule: JG104
# Reduced: the SGD-with-restarts schedule `def schedule(n): restart=100; return
# (1+np.cos(pi*(n%restart)/restart)) * η` passed to `nk.optimizer.Sgd(schedule)`; the driver's
# update is jitted, the optimizer's step count is traced there and `np.cos` raises
# TracerArrayConversionError (removing the jit made it run). Here the optax-style optimizer is a
# NamedTuple of closures and the driver's jitted update keeps netket's shape
# (`apply_gradient(optimizer_fun, optimizer_state, dp, params)`, the update function static).
# `η` is spelled `eta`. Fix: the same schedule with jax.numpy (it runs under jit; the thread's
# own resolution is not shown in what was read).
import functools
from typing import Callable, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from numpy import pi

eta = 0.01


class GradientTransformation(NamedTuple):
    init: Callable
    update: Callable


def Sgd(learning_rate):
    def init_fn(params):
        return {"count": jnp.zeros([], jnp.int32)}

    def update_fn(updates, state, params=None):
        lr = learning_rate(state["count"]) if callable(learning_rate) else learning_rate
        return jax.tree.map(lambda g: -lr * g, updates), {"count": state["count"] + 1}

    return GradientTransformation(init_fn, update_fn)


@functools.partial(jax.jit, static_argnums=0)
def apply_gradient(optimizer_fun, optimizer_state, dp, params):
    updates, new_optimizer_state = optimizer_fun(dp, optimizer_state, params)
    new_params = jax.tree.map(lambda p, u: p + u, params, updates)
    return new_optimizer_state, new_params


def run(op, n_iter=2):
    params = {"w": jnp.ones(3)}
    state = op.init(params)
    for _ in range(n_iter):
        dp = jax.tree.map(lambda p: 0.1 * p, params)
        state, params = apply_gradient(op.update, state, dp, params)
    return params


# --- must be flagged ---


def schedule(n):
    restart = 100
    return (1 + np.cos(pi * (n % restart) / restart)) * eta  # expect: JG104


def bug():
    return run(Sgd(schedule))


# --- must not be flagged ---


def schedule_jnp(n):
    restart = 100
    return (1 + jnp.cos(pi * (n % restart) / restart)) * eta


def fixed():
    return run(Sgd(schedule_jnp))


RAISES = [(bug, "TracerArrayConversionError")]
RUNS = [fixed]
