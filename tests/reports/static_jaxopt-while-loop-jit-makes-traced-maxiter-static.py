# Report: google/jaxopt#166 https://github.com/google/jaxopt/pull/166
# Class: 5 (what reaches a static position: a traced iteration count)
# Rule: JG203
# Reduced: "support dynamic max iteration count in iterative solvers": the solvers' `while_loop`
# helper was wrapped in its own `jit` with the trip count static, "a redundant jit of
# `lax.while_loop` that unnecessarily restricts the loop trip count to be static": a solver run
# jitted over `maxiter` hands the helper a tracer at that static position. Here a gradient-descent
# `run` calls such a helper; `maxiter` is an argument of the jitted run. Fix (the PR's): drop the
# inner jit and let `lax.while_loop` compare the counter with the traced `maxiter`.
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax


def _counted_while_loop(cond_fun, body_fun, init_val, maxiter):
    def _cond(state):
        i, val = state
        return (i < maxiter) & cond_fun(val)

    def _body(state):
        i, val = state
        return i + 1, body_fun(val)

    return lax.while_loop(_cond, _body, (0, init_val))[1]


_while_loop_jit = partial(jax.jit, static_argnums=(0, 1, 3))(_counted_while_loop)


def _cond_fun(params):
    return jnp.linalg.norm(2.0 * params) > 1e-3


def _body_fun(params):
    return params - 0.1 * 2.0 * params


# --- must be flagged ---


def while_loop(cond_fun, body_fun, init_val, maxiter, jit=True):
    if jit:
        return _while_loop_jit(cond_fun, body_fun, init_val, maxiter)  # expect: JG203
    return lax.while_loop(lambda s: cond_fun(s), body_fun, init_val)


@jax.jit
def run(init_params, maxiter):
    return while_loop(_cond_fun, _body_fun, init_params, maxiter)


def bug():
    return run(jnp.ones(3), 50)


# --- must not be flagged ---


@jax.jit
def run_dynamic(init_params, maxiter):
    return _counted_while_loop(_cond_fun, _body_fun, init_params, maxiter)


def fixed():
    return run_dynamic(jnp.ones(3), 50)


RAISES = [(bug, "ValueError")]
RUNS = [fixed]
