# Report: jax-ml/jax#4473 https://github.com/jax-ml/jax/issues/4473
# Class: 2 (arguments JAX needs static: the `length` of `lax.scan`)
# Rule: JG105
# Reduced: "Support for variable length in jitted scans?": an Euler integrator
# `integrate_euler(f, initial_state, time, dt)` is jitted with only `f` static and runs
# `scan(..., length=np.divide(time, dt).astype(int), xs=None)` (`np` is `jax.numpy` in the
# report); `time` and `dt` are traced, so the number of steps is a tracer and JAX raises a
# ConcretizationTypeError. Fix: make `time` and `dt` static and compute the step count in Python
# (a `jnp` division would make it a tracer again inside jit).
from functools import partial

import jax.numpy as jnp
from jax import jit
from jax.lax import scan


def euler_integration_step(f, state, dt):
    return state + dt * f(state)


def rate(x):
    return 0.9 * x


# --- must be flagged ---


@partial(jit, static_argnums=(0,))
def integrate_euler(f, initial_state, time, dt):
    def step(state, _):
        return euler_integration_step(f, state, dt), None

    propagated_state, _ = scan(step, initial_state, xs=None, length=jnp.divide(time, dt).astype(int))  # expect: JG105
    return propagated_state


def bug():
    return integrate_euler(rate, initial_state=jnp.array([1.0, 2.0]), time=1.0, dt=1e-2)


# --- must not be flagged ---


@partial(jit, static_argnums=(0, 2, 3))
def integrate_euler_static(f, initial_state, time, dt):
    def step(state, _):
        return euler_integration_step(f, state, dt), None

    propagated_state, _ = scan(step, initial_state, xs=None, length=int(round(time / dt)))
    return propagated_state


def fixed():
    return integrate_euler_static(rate, jnp.array([1.0, 2.0]), 1.0, 1e-2)


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
