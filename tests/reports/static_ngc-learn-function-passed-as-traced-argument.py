# Report: NACLab/ngc-learn#79 https://github.com/NACLab/ngc-learn/pull/79
# Class: 5 (a non-array argument not declared static: a function)
# Rule: JG206 (labelled JG203, the nearest rule, when mined; JG206, added in the same session, names this bug: a function at a traced position)
# Reduced: the PR removed the `@partial(jit)` static declaration of ngc-learn's Euler stepping
# function, whose third argument is the derivative function; the reviewer showed that a jitted
# function given a function at a traced position fails (`@jit def root(base, method)` called as
# `root(3, func1)`: TypeError, a function is not a valid JAX type) and that
# `@partial(jit, static_argnums=(1))` works. The integrator's shape (`step_euler(t, x, dfx, dt,
# params)`) stands around the reviewer's example.
from functools import partial

from jax import jit


def dfx_leak(t, x, params):
    return -params["tau"] * x


def dfx_drive(t, x, params):
    return params["tau"] * (1.0 - x)


# --- must be flagged ---


@jit
def step_euler(t, x, dfx, dt, params):
    dx_dt = dfx(t, x, params)
    return t + dt, x + dx_dt * dt


def bug():
    return step_euler(0.0, 1.0, dfx_leak, 0.1, {"tau": 2.0})  # expect: JG206


# --- must not be flagged ---


@partial(jit, static_argnums=(2,))
def step_euler_static(t, x, dfx, dt, params):
    dx_dt = dfx(t, x, params)
    return t + dt, x + dx_dt * dt


def fixed():
    t, x = step_euler_static(0.0, 1.0, dfx_leak, 0.1, {"tau": 2.0})
    return step_euler_static(t, x, dfx_drive, 0.1, {"tau": 2.0})


RAISES = [(bug, "TypeError")]
RUNS = [fixed]
