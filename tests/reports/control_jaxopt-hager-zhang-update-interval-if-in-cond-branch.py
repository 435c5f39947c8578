# Report: google/jaxopt#557 https://github.com/google/jaxopt/issues/557
# Class: 3 (everything created inside jit is traced: the operands of a `lax.cond` branch)
# Rule: JG101
# Reduced: "Attempted boolean conversion of traced array - for hager-zhang": `jaxopt.LBFGS` with
# `linesearch='hager-zhang'` fails in `.update()` with "The error occurred while tracing the
# function _update_interval ... for cond": a branch function handed to `lax.cond` converts a value
# computed from its operands to a Python bool. The thread does not show the line; here the
# interval update is the textbook Hager-Zhang one (keep the bracket side whose slope sign matches)
# written with a Python `if` on the trial point's slope, inside a jitted solver step that picks the
# branch with `lax.cond`. Fix: the branch selects with `jnp.where`, so both sides stay traced.
import jax
import jax.numpy as jnp
from jax import lax


def value_and_slope(t, x, d):
    f = lambda s: jnp.sum((x + s * d) ** 2 - jnp.cos(x + s * d))
    return jax.value_and_grad(f)(t)


# --- must be flagged ---


def _update_interval(state):
    low, high, trial, slope = state
    if slope >= 0:  # expect: JG101
        high = trial
    else:
        low = trial
    return low, high, 0.5 * (low + high), slope


@jax.jit
def linesearch_update(x, d, low, high):
    trial = 0.5 * (low + high)
    value, slope = value_and_slope(trial, x, d)
    state = (low, high, trial, slope)
    low, high, trial, _ = lax.cond(jnp.abs(slope) > 1e-6, _update_interval, lambda s: s, state)
    return low, high, trial


def bug():
    x, d = jnp.ones(3), -jnp.ones(3)
    return linesearch_update(x, d, jnp.asarray(0.0), jnp.asarray(2.0))


# --- must not be flagged ---


def _update_interval_where(state):
    low, high, trial, slope = state
    high = jnp.where(slope >= 0, trial, high)
    low = jnp.where(slope >= 0, low, trial)
    return low, high, 0.5 * (low + high), slope


@jax.jit
def linesearch_update_where(x, d, low, high):
    trial = 0.5 * (low + high)
    value, slope = value_and_slope(trial, x, d)
    state = (low, high, trial, slope)
    low, high, trial, _ = lax.cond(jnp.abs(slope) > 1e-6, _update_interval_where, lambda s: s, state)
    return low, high, trial


def fixed():
    x, d = jnp.ones(3), -jnp.ones(3)
    return linesearch_update_where(x, d, jnp.asarray(0.0), jnp.asarray(2.0))


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
