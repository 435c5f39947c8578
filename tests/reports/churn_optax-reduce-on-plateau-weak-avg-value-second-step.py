# Report: google-deepmind/optax#1440 https://github.com/google-deepmind/optax/issues/1440
# Class: 6 (churn from data: an optimizer-state scalar is weakly typed in init only)
# Rule: JG304; the closest rule (scalar type churn), opt-in; here a weakly typed state leaf becomes strongly typed
# Reduced: "`reduce_on_plateau` causes JIT cache miss due to weak-typed `avg_value`": with
# `reduce_on_plateau` last in an optimizer chain, the jitted train step compiles again at the
# second step; JAX's explain-cache-misses log: "at opt_state[2].avg_value, now f32[]{weak_type=False}
# and before f32[]{weak_type=True}" (about 8 s here). `init_fn` and `_update_scale` build
# `avg_value=jnp.asarray(0.0)` without a dtype; the update returns a float32 average. Fix: give the
# initial scalars an explicit dtype (earlier versions did). Reduced: a plateau state of
# (scale, avg_value, count) and a train step applying the scaled gradient.
from typing import NamedTuple

import jax
import jax.numpy as jnp


class PlateauState(NamedTuple):
    scale: jax.Array
    avg_value: jax.Array
    count: jax.Array


def init_fn():
    return PlateauState(jnp.asarray(1.0, dtype=jnp.float32), jnp.asarray(0.0), jnp.asarray(0, dtype=jnp.int32))


def init_fn_typed():
    return PlateauState(jnp.asarray(1.0, dtype=jnp.float32), jnp.asarray(0.0, dtype=jnp.float32),
                        jnp.asarray(0, dtype=jnp.int32))


@jax.jit
def train_step(params, state, x):
    loss, grad = jax.value_and_grad(lambda p: jnp.mean((x @ p) ** 2))(params)
    count = state.count + 1
    avg_value = state.avg_value + (loss - state.avg_value) / count
    scale = jnp.where(loss > avg_value, state.scale * 0.5, state.scale)
    return params - 0.1 * scale * grad, PlateauState(scale, avg_value, count)


# --- must be flagged ---


def train():
    params, state, x = jnp.ones(3), init_fn(), jnp.ones((4, 3))
    params, state = train_step(params, state, x)
    params, state = train_step(params, state, x)  # expect: JG304
    return params


# --- must not be flagged ---


def train_typed():
    params, state, x = jnp.ones(3), init_fn_typed(), jnp.ones((4, 3))
    params, state = train_step(params, state, x)
    params, state = train_step(params, state, x)
    return params


COMPILES = [(train, "train_step", 2), (train_typed, "train_step", 1)]
