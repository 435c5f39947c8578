# Report: google-deepmind/optax#1108 https://github.com/google-deepmind/optax/pull/1108
# Class: 6 (churn from data: a line-search state is weakly typed in `init` only)
# Rule: JG304; the closest rule (scalar type churn), opt-in; here weakly typed state leaves become strongly typed
# Reduced (optax is not installed: a minimal line search stands in for `optax.lbfgs()` with the
# zoom line search): "the training step is compiled twice because some dtypes of the
# linesearch's state change after the first iteration": `init` builds the state from Python
# scalars (`jnp.asarray(1.0)`, `jnp.asarray(0)`, weakly typed), `update` returns strongly typed
# float32/int32 leaves, so the jitted `training_step` compiles for the first call and again for
# the second. Fix (the PR's): build the initial state with explicit dtypes.
from typing import NamedTuple

import jax
import jax.numpy as jnp


class LinesearchInfo(NamedTuple):
    num_linesearch_steps: jax.Array
    decrease_error: jax.Array


class LinesearchState(NamedTuple):
    learning_rate: jax.Array
    info: LinesearchInfo


def init(params):
    return LinesearchState(jnp.asarray(1.0), LinesearchInfo(jnp.asarray(0), jnp.asarray(jnp.inf)))


def init_typed(params):
    return LinesearchState(jnp.asarray(1.0, params.dtype),
                           LinesearchInfo(jnp.asarray(0, jnp.int32), jnp.asarray(jnp.inf, params.dtype)))


def loss_fn(params, x, y):
    return jnp.mean((x @ params - y) ** 2)


@jax.jit
def training_step(params, state, x, y):
    loss, grad = jax.value_and_grad(loss_fn)(params, x, y)
    lr = state.learning_rate
    new_loss = loss_fn(params - lr * grad, x, y)
    lr = jnp.where(new_loss < loss, lr, lr * jnp.float32(0.5))
    info = LinesearchInfo(state.info.num_linesearch_steps + jnp.int32(1), jnp.maximum(new_loss - loss, 0.0))
    return params - lr * grad, LinesearchState(lr, info)


X = jax.random.normal(jax.random.PRNGKey(42), (16, 2))
Y = jnp.sum(X * 0.5, axis=-1)


# --- must be flagged ---


def run():
    params = jnp.zeros(2)
    state = init(params)
    params, state = training_step(params, state, X, Y)
    params, state = training_step(params, state, X, Y)  # expect: JG304
    return params


# --- must not be flagged ---


def run_typed():
    params = jnp.zeros(2)
    state = init_typed(params)
    params, state = training_step(params, state, X, Y)
    params, state = training_step(params, state, X, Y)
    return params


COMPILES = [(run, "training_step", 2), (run_typed, "training_step", 1)]
