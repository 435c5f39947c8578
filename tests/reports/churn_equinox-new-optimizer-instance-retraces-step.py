# Report: patrick-kidger/equinox#940 https://github.com/patrick-kidger/equinox/issues/940
# Class: 5 (what reaches a static position: a new optimizer, a tuple of fresh closures, per run)
# Rule: JG302
# Reduced (optax is not installed: a two-line SGD built like optax's `GradientTransformation`,
# a NamedTuple of the closures `init` and `update`, stands in): "Avoid retracing on new optimizer
# instance": the training step is an `eqx.filter_jit` function taking the optimizer, a non-array
# argument that filter_jit makes static; "the optax GradientTransformationExtraArgs doesn't
# produce the same hashable object for a new instance with identical parameters", so every
# fit that builds its optimizer anew traces and compiles `step` again. Fix (the thread's): build
# the optimizer once and reuse it.
from typing import Callable, NamedTuple

import equinox as eqx
import jax.numpy as jnp


class GradientTransformation(NamedTuple):
    init: Callable
    update: Callable


def sgd(learning_rate):
    def init(params):
        return jnp.zeros(())

    def update(grads, state):
        return -learning_rate * grads, state

    return GradientTransformation(init, update)


def loss_grad(w, x):
    return 2.0 * (w * x - 1.0) * x


@eqx.filter_jit
def step(w, opt_state, x, opt):
    updates, opt_state = opt.update(loss_grad(w, x), opt_state)
    return w + updates, opt_state


# --- must be flagged ---


def fit(n):
    w, x = jnp.ones(3), jnp.arange(3.0)
    for _ in range(n):
        opt = sgd(1e-2)
        opt_state = opt.init(w)
        w, opt_state = step(w, opt_state, x, opt)  # expect: JG302
    return w


# --- must not be flagged ---


OPT = sgd(1e-2)


def fit_one_optimizer(n):
    w, x = jnp.ones(3), jnp.arange(3.0)
    for _ in range(n):
        opt_state = OPT.init(w)
        w, opt_state = step(w, opt_state, x, OPT)
    return w


GROWS = [fit]
BOUNDED = [fit_one_optimizer]
