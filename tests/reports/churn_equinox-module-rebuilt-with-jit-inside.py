# Report: patrick-kidger/equinox#686 https://github.com/patrick-kidger/equinox/issues/686
# Class: 6 (churn: a module re-created with a new jitted callable inside, at a static position)
# Rule: JG302
# Reduced (plain JAX: filter_jit treats non-array leaves as static): the model stores
# `self.forward = jax.jit(fk_fn)` in `__init__`; re-initializing the model for a new
# optimization run makes a new jitted callable, so the static part of `step`'s argument
# changes and `step` compiles again per run. Fix: jit `fk_fn` once, outside the model.
import functools

import jax
import jax.numpy as jnp


def fk_fn(q):
    return jnp.sin(q)


@functools.partial(jax.jit, static_argnums=1)
def step(w, forward, x):
    return jax.grad(lambda w_: jnp.sum(forward(x * w_)))(w)


# --- must be flagged ---


class ForwardKinematicTrajectory:
    def __init__(self, fk):
        self.forward = jax.jit(fk)


def optimize(n_runs):
    w = jnp.ones(3)
    for _ in range(n_runs):
        model = ForwardKinematicTrajectory(fk_fn)
        w = w - 0.1 * step(w, model.forward, jnp.ones(3))  # expect: JG302
    return w


# --- must not be flagged ---

_forward = jax.jit(fk_fn)


class SharedForwardTrajectory:
    def __init__(self):
        self.forward = _forward


def optimize_shared(n_runs):
    w = jnp.ones(3)
    for _ in range(n_runs):
        model = SharedForwardTrajectory()
        w = w - 0.1 * step(w, model.forward, jnp.ones(3))
    return w


GROWS = [optimize]
BOUNDED = [optimize_shared]
