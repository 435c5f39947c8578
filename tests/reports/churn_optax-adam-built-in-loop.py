# Report: google-deepmind/optax#197 https://github.com/google-deepmind/optax/issues/197
# Class: 6 (churn: a new identity-hashed object at a static position per iteration)
# Rule: JG302
# Reduced (plain JAX, the optimizer a NamedTuple of closures as in optax): the loop
# `for _ in range(100): gt1 = adam(0.05); jit(inference, static_argnums=0)(gt1)`: `jit` of the
# same named function is cached, but the static optimizer is new each time: one compile per
# iteration. Fix: build the optimizer outside the loop.
from typing import Callable, NamedTuple

import jax.numpy as jnp
from jax import grad, jit
from jax.lax import scan


class GradientTransformation(NamedTuple):
    init: Callable
    update: Callable


def adam(learning_rate):
    def init_fn(params):
        return jnp.zeros_like(params)

    def update_fn(updates, state, params=None):
        return -learning_rate * updates, state

    return GradientTransformation(init_fn, update_fn)


def loss(parameters):
    return jnp.square(parameters - 1.0)


def inference(gt):
    def do_one(state, _):
        parameters, gt_state = state
        new_gradient, gt_state = gt.update(grad(loss)(parameters), gt_state, parameters)
        parameters = parameters + new_gradient
        return (parameters, gt_state), parameters

    _, trajectory = scan(do_one, (0.0, gt.init(0.0)), None, 10)
    return trajectory


# --- must be flagged ---


def run(n):
    out = None
    for _ in range(n):
        gt1 = adam(0.05)
        out = jit(inference, static_argnums=0)(gt1)  # expect: JG302
    return out


# --- must not be flagged ---


def run_once_built(n):
    out = None
    gt1 = adam(0.05)
    for _ in range(n):
        out = jit(inference, static_argnums=0)(gt1)
    return out


GROWS = [run]
BOUNDED = [run_once_built]
