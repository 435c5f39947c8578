# Report: jax-ml/jax#953 https://github.com/jax-ml/jax/issues/953
# Class: 5 (a non-array argument not declared static: a NamedTuple of optimizer functions)
# Rule: JG206 (functions, as the leaves of a NamedTuple, at a non-static position)
# Reduced: "Improved error messages ... regarding what can/cannot be jit'ed": the user wraps
# `optimizers.adam(step_size=1e-3)`'s `(init, update, get)` triple in a NamedTuple `Optimizer` and
# calls `jit(ddpg_episode)(optimizer, ...)`; JAX raises TypeError on the function leaves.
# jax.experimental.optimizers is gone: a three-function SGD with the same shape stands in, and
# the episode is one update. Fix: declare the optimizer static (`static_argnums=0`); a NamedTuple
# of module-level-built functions hashes and compares by the functions' identity.
from typing import Any, Callable, NamedTuple

import jax
import jax.numpy as jnp


class Optimizer(NamedTuple):
    init: Callable[[Any], Any]
    update: Callable[[int, Any, Any], Any]
    get: Callable[[Any], Any]


def sgd(step_size):
    def init(x0):
        return x0

    def update(i, g, x):
        return x - step_size * g

    def get(x):
        return x

    return init, update, get


def ddpg_episode(optimizer: Optimizer, params):
    state = optimizer.init(params)
    state = optimizer.update(0, 2.0 * optimizer.get(state), state)
    return optimizer.get(state)


optimizer = Optimizer(*sgd(step_size=1e-3))

# --- must be flagged ---


def bug():
    return jax.jit(ddpg_episode)(optimizer, jnp.ones(3))  # expect: JG206


# --- must not be flagged ---


def fixed():
    return jax.jit(ddpg_episode, static_argnums=0)(optimizer, jnp.ones(3))


RAISES = [(bug, "TypeError")]
RUNS = [fixed]
