# Report: jax-ml/jax#2251 https://github.com/jax-ml/jax/issues/2251
# Class: 6 (churn: a jitted function defined inside the function that runs per call)
# Rule: JG301
# Reduced: the "local" version from the thread: `pandemic_scan` defines
# `@functools.partial(jit, static_argnums=(1, 2, 3)) def _pandemic_scan(...)` in its body, so
# every call makes a new function and compiles it (272 ms instead of 141 µs). Fix: define the
# jitted helper once at module level.
import functools

import jax.numpy as np
from jax import jit, lax


def infect(state, step):
    return state * 0.9 + step, state


# --- must be flagged ---


def pandemic_scan(state, step=1, t=0, T=5):
    @functools.partial(jit, static_argnums=(1, 2, 3))  # expect: JG301
    def _pandemic_scan(state, step, t, T):
        return lax.scan(infect, state, np.full(T, step))

    return _pandemic_scan(state, step, t, T)


def simulate(n):
    out = None
    for _ in range(n):
        out = pandemic_scan(np.ones(2))
    return out


# --- must not be flagged ---


@functools.partial(jit, static_argnums=(1, 2, 3))
def _pandemic_scan_module(state, step, t, T):
    return lax.scan(infect, state, np.full(T, step))


def pandemic_scan_module(state, step=1, t=0, T=5):
    return _pandemic_scan_module(state, step, t, T)


def simulate_module(n):
    out = None
    for _ in range(n):
        out = pandemic_scan_module(np.ones(2))
    return out


GROWS = [simulate]
BOUNDED = [simulate_module]
