# Report: bardhh/cbfkit#333 https://github.com/bardhh/cbfkit/pull/333
# Class: 6 (churn: a jitted simulation built per parameter combination from fresh closures)
# Rule: JG301
# Reduced: "perf: eliminate JIT recompilation in parameter sweeps": "Every call to
# `conduct_monte_carlo_gpu` created fresh Python closure objects (barriers capturing `alpha`,
# controllers capturing `control_limit`). JAX's JIT cache keys on function identity, so new
# closures = cache miss = full recompilation on every parameter combo." Here the sweep loops over
# `alpha` values; each call builds the barrier and controller closures and jits the rollout over
# them. The dynamics are a single integrator with a CBF-filtered proportional controller. Fix
# (the PR's): a parameterized kernel taking `alpha` and `control_limit` as traced inputs, jitted
# once (cached per structural size).
import functools

import jax
import jax.numpy as jnp


def make_barrier(alpha):
    def barrier(x):
        return alpha * (jnp.sum(x**2) - 1.0)

    return barrier


def make_controller(control_limit):
    def controller(x, goal):
        return jnp.clip(goal - x, -control_limit, control_limit)

    return controller


# --- must be flagged ---


def conduct_monte_carlo_gpu(barrier, controller, x0, goal, num_steps=20, dt=0.05):
    def rollout(x0):
        def step(x, _):
            u = controller(x, goal)
            u = jnp.where(barrier(x + dt * u) < 0.0, 0.0 * u, u)
            return x + dt * u, x

        _, xs = jax.lax.scan(step, x0, None, length=num_steps)
        return xs

    return jax.jit(rollout)(x0)  # expect: JG301


def sweep(n):
    results = []
    for alpha in jnp.linspace(0.5, 2.0, n).tolist():
        results.append(conduct_monte_carlo_gpu(make_barrier(alpha), make_controller(1.0),
                                               jnp.array([2.0, 0.0]), jnp.array([0.0, 0.0])))
    return results


# --- must not be flagged ---


@functools.lru_cache(maxsize=None)
def _compiled_rollout(num_steps, dt):
    def rollout(x0, goal, alpha, control_limit):
        def step(x, _):
            u = jnp.clip(goal - x, -control_limit, control_limit)
            u = jnp.where(alpha * (jnp.sum((x + dt * u) ** 2) - 1.0) < 0.0, 0.0 * u, u)
            return x + dt * u, x

        _, xs = jax.lax.scan(step, x0, None, length=num_steps)
        return xs

    return jax.jit(rollout)


def sweep_parameterized(n):
    results = []
    run = _compiled_rollout(20, 0.05)
    for alpha in jnp.linspace(0.5, 2.0, n).tolist():
        results.append(run(jnp.array([2.0, 0.0]), jnp.array([0.0, 0.0]), alpha, 1.0))
    return results


GROWS = [sweep]
BOUNDED = [sweep_parameterized]
