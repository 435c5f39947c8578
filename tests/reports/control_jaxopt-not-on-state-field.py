# Report: google/jaxopt#350 https://github.com/google/jaxopt/pull/350
# Class: 1 (values inside containers: a field of the solver's NamedTuple state, in a loop condition)
# Rule: JG103
# Reduced: L-BFGS's loop condition combined a Python setting with a field of the traced state:
# `not self.stop_if_linesearch_fails | ~state.failed_linesearch`; `not` takes the truth value
# of the traced result. Fix (the PR's): `jnp.logical_or` with the setting.
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax import lax


class LbfgsState(NamedTuple):
    iter_num: jnp.ndarray
    error: jnp.ndarray
    failed_linesearch: jnp.ndarray


# --- must be flagged ---


class LBFGS:
    def __init__(self, stop_if_linesearch_fails=False, maxiter=10, tol=1e-3):
        self.stop_if_linesearch_fails = stop_if_linesearch_fails
        self.maxiter = maxiter
        self.tol = tol

    def _cond_fun(self, state):
        keep_going = not self.stop_if_linesearch_fails | ~state.failed_linesearch  # expect: JG103
        return (state.error > self.tol) & (state.iter_num < self.maxiter) & keep_going

    def _body_fun(self, state):
        return LbfgsState(state.iter_num + 1, state.error / 2, state.failed_linesearch)

    def run(self, init_error):
        state = LbfgsState(jnp.asarray(0), init_error, jnp.asarray(False))
        return lax.while_loop(self._cond_fun, self._body_fun, state)


def bug():
    return jax.jit(LBFGS().run)(jnp.asarray(1.0))


# --- must not be flagged ---


class FixedLBFGS(LBFGS):
    def _cond_fun(self, state):
        keep_going = jnp.logical_or(not self.stop_if_linesearch_fails, ~state.failed_linesearch)
        return (state.error > self.tol) & (state.iter_num < self.maxiter) & keep_going


def fixed():
    return jax.jit(FixedLBFGS().run)(jnp.asarray(1.0))


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
