# Report: jax-ml/jax#3654 https://github.com/jax-ml/jax/issues/3654
# Class: 2 (arguments JAX needs static: one_hot's num_classes)
# Rule: JG105
# Reduced: "bad error message when `one_hot` gets a non-static parameter": in a DQN-style agent,
# `replay_action_one_hot = jax.nn.one_hot(replay_elements['action'], num_actions)` fails inside
# the jitted training function, and the debugger shows `num_actions` is itself a `JaxprTracer` of
# shape (): the number of actions was passed to the jitted function as an ordinary argument.
# Today JAX raises ConcretizationTypeError "in jax.nn.one_hot argument `num_classes`". Fix (the
# message's own advice): make the number of actions a static argument.
from functools import partial

import jax
import jax.numpy as jnp


# --- must be flagged ---


@jax.jit
def train(q_values, replay_action, num_actions):
    replay_action_one_hot = jax.nn.one_hot(replay_action, num_actions)  # expect: JG105
    return jnp.sum(q_values * replay_action_one_hot, axis=1)


def bug():
    return train(jnp.ones((4, 3)), jnp.array([0, 2, 1, 0]), 3)


# --- must not be flagged ---


@partial(jax.jit, static_argnames="num_actions")
def train_static(q_values, replay_action, num_actions):
    replay_action_one_hot = jax.nn.one_hot(replay_action, num_actions)
    return jnp.sum(q_values * replay_action_one_hot, axis=1)


def fixed():
    return train_static(jnp.ones((4, 3)), jnp.array([0, 2, 1, 0]), num_actions=3)


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
