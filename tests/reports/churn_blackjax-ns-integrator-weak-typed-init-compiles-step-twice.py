# Report: handley-lab/blackjax#60 https://github.com/handley-lab/blackjax/pull/60
# Class: 6 (churn that comes from data: weakly typed initial state leaves become strongly typed)
# Rule: JG304; the closest rule (scalar type churn), opt-in; here the weakly typed leaves come from `jnp.array` of Python floats in the state's initializer
# Reduced: "Double traced jit": the nested-sampling evidence integrator started as
# `NSIntegrator(logX=jnp.array(0.0), logZ=jnp.array(-jnp.inf), ...)`; "Weak-typed scalars in the
# integrator caused `step_fn` to compile twice on first use": the jitted step returns `logX`
# and `logZ` computed from the (float32) log-likelihoods, strongly typed, so the second call sees
# a different input type and compiles again. Fix (the PR's): "Initialize `logX`/`logZ` with the
# loglikelihood dtype". Here the live points' log-likelihoods, one dead point per step, and the
# step's replacement of the dead point reduced to a shrink of its log-likelihood.
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax.scipy.special import logsumexp


class NSIntegrator(NamedTuple):
    logX: jax.Array
    logZ: jax.Array


def update_integrator(integrator, loglikelihood):
    n = loglikelihood.shape[0]
    delta_logX = -1.0 / n
    logX = integrator.logX + delta_logX
    dead = jnp.min(loglikelihood)
    logZ = jnp.logaddexp(integrator.logZ, dead + logX + jnp.log1p(-jnp.exp(delta_logX)))
    return NSIntegrator(logX, logZ)


def replace_dead(loglikelihood):
    i = jnp.argmin(loglikelihood)
    return loglikelihood.at[i].set(0.5 * (loglikelihood[i] + jnp.max(loglikelihood)))


LOGL = -jnp.linspace(1.0, 5.0, 16, dtype=jnp.float32)


# --- must be flagged ---


def init_integrator(loglikelihood):
    logX = jnp.array(0.0)
    logZ = jnp.array(-jnp.inf)
    return NSIntegrator(logX, logZ)


@jax.jit
def step_fn(integrator, loglikelihood):
    return update_integrator(integrator, loglikelihood), replace_dead(loglikelihood)


def run():
    integrator, logl = init_integrator(LOGL), LOGL
    for _ in range(4):
        integrator, logl = step_fn(integrator, logl)  # expect: JG304
    return integrator.logZ


# --- must not be flagged ---


def init_integrator_typed(loglikelihood):
    logX = jnp.array(0.0, dtype=loglikelihood.dtype)
    logZ = jnp.array(-jnp.inf, dtype=loglikelihood.dtype)
    return NSIntegrator(logX, logZ)


def run_typed():
    carry = (init_integrator_typed(LOGL), LOGL)
    for _ in range(4):
        carry = step_fn(*carry)
    return carry[0].logZ


COMPILES = [(run, "step_fn", 2), (run_typed, "step_fn", 1)]
