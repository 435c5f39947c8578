# Report: google/jaxopt#451 https://github.com/google/jaxopt/issues/451
# Class: 6 (churn from data: a solver-state scalar is weakly typed in init_state only)
# Rule: JG304; the closest rule (scalar type churn), opt-in; here a weakly typed state leaf becomes strongly typed
# Reduced: "weak_type inconsistency causes jit recompilation": in some jaxopt solvers the state
# from `init_state` has weakly typed scalars (e.g. `stepsize`) while the state returned by
# `update` has strongly typed ones, so `jax.jit(solver.update)` compiles for the first call
# and again for the second. jaxopt is not installed: a minimal gradient solver with an
# adaptive `stepsize` stands in for the thread's LBFGS on sklearn data (not shown). Fix: give
# the initial scalars the dtype of the parameters.
from typing import NamedTuple

import jax
import jax.numpy as jnp


class SolverState(NamedTuple):
    iter_num: jax.Array
    stepsize: jax.Array


class GradientSolver:
    def __init__(self, fun, max_stepsize=1.0):
        self.fun = fun
        self.max_stepsize = max_stepsize

    def init_state(self, init_params):
        return SolverState(iter_num=jnp.asarray(0), stepsize=jnp.asarray(self.max_stepsize))

    def init_state_typed(self, init_params):
        return SolverState(iter_num=jnp.asarray(0, dtype=jnp.int32),
                           stepsize=jnp.asarray(self.max_stepsize, dtype=init_params.dtype))

    def update(self, params, state):
        grad = jax.grad(self.fun)(params)
        stepsize = jnp.minimum(state.stepsize * 1.5, jnp.asarray(self.max_stepsize, params.dtype))
        iter_num = state.iter_num + jnp.int32(1)
        return params - stepsize * grad, SolverState(iter_num, stepsize)


def fun(w):
    return jnp.sum((w - 1.0) ** 2)


solver = GradientSolver(fun, max_stepsize=0.1)
update = jax.jit(solver.update)


# --- must be flagged ---


def run():
    params = jnp.zeros(3, dtype=jnp.float32)
    state = solver.init_state(params)
    params, state = update(params, state)
    params, state = update(params, state)  # expect: JG304
    return params


# --- must not be flagged ---


def run_typed():
    params = jnp.zeros(3, dtype=jnp.float32)
    state = solver.init_state_typed(params)
    params, state = update(params, state)
    params, state = update(params, state)
    return params


COMPILES = [(run, "update", 2), (run_typed, "update", 1)]
