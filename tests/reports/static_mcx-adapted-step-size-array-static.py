# Report: rlouf/mcx#58 https://github.com/rlouf/mcx/issues/58
# Class: 5 (what reaches a static position: a JAX array produced by step-size adaptation)
# Rule: JG203
# Reduced: "in `inference.warmup.num_steps_adaptation.py`, the function `run()` defined in the
# `longest_batch_before_turn()` function sets arrays as static": `run` is
# `@partial(jax.jit, static_argnums=(2, 3))` over `(initial_position, initial_momentum,
# step_size, num_integration_steps)`, and the warmup passes the adapted step size, a JAX array;
# since jax 0.2.6 that raises ValueError (non-hashable static argument). `run`'s while_loop is
# kept; its stored `cond` (`is_u_turn or ...`, a function object, always true) is replaced by the
# step bound, the integrator by a leapfrog step, the warmup by the last lines of a dual-averaging
# adaptation. Fix (the thread's "easily fixable"): pass a Python float.
from functools import partial
from typing import Callable, Tuple

import jax
from jax import numpy as jnp


def longest_batch_before_turn(integrator_step: Callable) -> Callable:
    @partial(jax.jit, static_argnums=(2, 3))
    def run(initial_position, initial_momentum, step_size, num_integration_steps):
        def cond(state: Tuple) -> bool:
            iteration, position, momentum = state
            return iteration < num_integration_steps

        def update(state: Tuple) -> Tuple:
            iteration, position, momentum = state
            iteration += 1
            position, momentum = integrator_step(position, momentum, step_size, 1)
            return (iteration, position, momentum)

        result = jax.lax.while_loop(cond, update, (0, initial_position, initial_momentum))
        return result[0]

    return run


def leapfrog(position, momentum, step_size, num_steps):
    momentum = momentum - 0.5 * step_size * position
    position = position + step_size * momentum
    momentum = momentum - 0.5 * step_size * position
    return position, momentum


def adapted_step_size():
    log_step_size = jnp.log(1.0) - 0.5 * jnp.log(10.0)
    return jnp.exp(log_step_size)


# --- must be flagged ---


def warmup(position, momentum):
    step_size = adapted_step_size()
    run = longest_batch_before_turn(leapfrog)
    return run(position, momentum, step_size, 10)  # expect: JG203


def bug():
    return warmup(jnp.ones(2), jnp.ones(2))


# --- must not be flagged ---


def warmup_float(position, momentum):
    step_size = float(adapted_step_size())
    run = longest_batch_before_turn(leapfrog)
    return run(position, momentum, step_size, 10)


def fixed():
    return warmup_float(jnp.ones(2), jnp.ones(2))


RAISES = [(bug, "ValueError")]
RUNS = [fixed]
