# Variant of: tests/reports/churn_jax-local-jit-per-call.py
# Class: 6 (churn: `jax.jit` built inside a function that runs per step)
# Rule: JG301
# Axis: (h) the jitted def is nested in a method of a simulator object that the loop calls each
# step (`sim.scan(state)`), not in a module-level function.
import functools

import jax.numpy as np
from jax import jit, lax


def infect(state, step):
    return state * 0.9 + step, state


@functools.partial(jit, static_argnums=(1, 2))
def _scan_module(state, step, T):
    return lax.scan(infect, state, np.full(T, step))


# --- must be flagged ---


class Pandemic:
    def scan(self, state, step=1, T=5):
        @functools.partial(jit, static_argnums=(1, 2))  # expect: JG301
        def _scan(state, step, T):
            return lax.scan(infect, state, np.full(T, step))

        return _scan(state, step, T)


def simulate(n):
    sim, out = Pandemic(), None
    for _ in range(n):
        out = sim.scan(np.ones(2))
    return out


# --- must not be flagged ---


class PandemicModule:
    def scan(self, state, step=1, T=5):
        return _scan_module(state, step, T)


def simulate_module(n):
    sim, out = PandemicModule(), None
    for _ in range(n):
        out = sim.scan(np.ones(2))
    return out


GROWS = [simulate]
BOUNDED = [simulate_module]
