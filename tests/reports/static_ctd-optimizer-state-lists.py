# Report: google-research/computation-thru-dynamics#15 https://github.com/google-research/computation-thru-dynamics/issues/15
# Class: 5 (what reaches a static position: a namedtuple whose fields are lists)
# Rule: JG203
# Reduced: the fixed-point finder jits its optimization loop with the optimizer state among the
# static arguments; the state is a namedtuple packing lists (`packed_state`), so hashing it
# fails. Fix: the state is data: pass it traced (only the update function stays static).
import collections
import functools

import jax
import jax.numpy as jnp

OptimizerState = collections.namedtuple("OptimizerState", ["packed_state", "tree_def"])


def update_fun(i, g, state):
    (x, m), = state.packed_state
    return OptimizerState([(x - 0.1 * g, m)], state.tree_def)


# --- must be flagged ---


@functools.partial(jax.jit, static_argnums=(1, 2, 3))
def optimize_fp_core(batch_idx_start, num_batches, update_fun, opt_state):
    def body(i, state):
        (x, _), = state.packed_state
        return update_fun(i, 2 * x, state)

    return jax.lax.fori_loop(0, num_batches, body, opt_state)


def bug():
    opt_state = OptimizerState([(jnp.ones(3), jnp.zeros(3))], None)
    return optimize_fp_core(0, 5, update_fun, opt_state)  # expect: JG203


# --- must not be flagged ---


@functools.partial(jax.jit, static_argnums=(1, 2))
def optimize_fp_core_traced(batch_idx_start, num_batches, update_fun, opt_state):
    def body(i, state):
        (x, _), = state.packed_state
        return update_fun(i, 2 * x, state)

    return jax.lax.fori_loop(0, num_batches, body, opt_state)


def fixed():
    opt_state = OptimizerState([(jnp.ones(3), jnp.zeros(3))], None)
    return optimize_fp_core_traced(0, 5, update_fun, opt_state).packed_state


RAISES = [(bug, "ValueError")]
RUNS = [fixed]
