# Report: bold-lab-ai/JaxMARL#144 https://github.com/bold-lab-ai/JaxMARL/issues/144
# Class: 6 (churn from data: a state leaf's weak type changes after the first step)
# Rule: JG304; the closest rule (scalar type churn), opt-in; here a weakly typed array leaf becomes strongly typed
# Reduced: "Re-tracing is caused after step due to the change of `weak_type` field": in SMAX's
# heuristic enemy, `HeuristicPolicyState.last_attacked_enemy` is weakly typed in the state from
# `reset` and strongly typed in the state from `step`, so a jitted `f(x)` taking the state traces
# (and compiles) twice: `f(state_init)`, then `f(state)`. The library's code is not in the thread:
# here the initial leaf is `jnp.full(..., -1)` (weak int32, checked) and the step selects into it
# from int32 targets, the reporter's `f` keeps its shape. Fix: give the initial leaf an explicit
# dtype.
from typing import NamedTuple

import jax
import jax.numpy as jnp


class HeuristicPolicyState(NamedTuple):
    attack_weights: jax.Array
    last_attacked_enemy: jax.Array


def step(policy_state, targets):
    last = jnp.where(targets >= 0, targets, policy_state.last_attacked_enemy)
    return policy_state._replace(last_attacked_enemy=last)


@jax.jit
def f(x):
    return jax.tree.map(lambda leaf: leaf, x)


TARGETS = jnp.array([1, -1, 0], dtype=jnp.int32)


# --- must be flagged ---


def reset(num_allies=3):
    return HeuristicPolicyState(jnp.ones(num_allies), jnp.full((num_allies,), -1))


def run():
    state_init = reset()
    state = step(state_init, TARGETS)
    f(state_init)
    return f(state)  # expect: JG304


# --- must not be flagged ---


def reset_typed(num_allies=3):
    return HeuristicPolicyState(jnp.ones(num_allies), jnp.full((num_allies,), -1, dtype=jnp.int32))


def run_typed():
    state_init = reset_typed()
    state = step(state_init, TARGETS)
    f(state_init)
    return f(state)


COMPILES = [(run, "f", 2), (run_typed, "f", 1)]
