# Report: bardhh/cbfkit#41 https://github.com/bardhh/cbfkit/pull/41
# Class: 6 (churn: a factory that returns a freshly jitted closure, called on every control step)
# Rule: JG301
# Reduced: "Add benchmark for JAX recompilation trap": cbfkit's controller factories (here
# `vanilla_cbf_clf_qp_controller(limits, dynamics, barriers)`) define `@jit def controller(t, x,
# u_nom, key, data)` over their arguments and return it. The benchmark "measures the performance
# impact of regenerating controller closures inside a control loop versus reusing a cached
# closure ... creating new function objects forces JAX to recompile, causing massive slowdowns
# (observed ~4000x)": `make_ctl(limits, dyn, barriers)(0.0, x, u, k, d)` in the loop ("Simulating
# 'dynamic barriers' by recreating controller each step") against `ctl = make_ctl(...)` once and
# `ctl(0.0, x, u, k, d)` in the loop. Here one barrier `h(x) = x[0] - 0.5`, single-integrator
# dynamics, and the QP replaced by its closed-form projection onto the one constraint. Fix (the
# benchmark's "Reuse"): the controller built once, outside the loop.
import jax
import jax.numpy as jnp
from jax import jit


def h(t, x):
    return x[0] - 0.5


def grad_h(t, x):
    return jnp.array([1.0, 0.0])


def dyn(x):
    return jnp.zeros(2), jnp.eye(2)


def make_ctl(limits, dynamics, barrier, barrier_grad, alpha=1.0):
    @jit
    def controller(t, x, u_nom, key):
        f, g = dynamics(x)
        a = barrier_grad(t, x) @ g
        b = -(barrier_grad(t, x) @ f) - alpha * barrier(t, x)
        violation = jnp.maximum(b - a @ u_nom, 0.0)
        u = u_nom + violation * a / (a @ a)
        return jnp.clip(u, -limits, limits)

    return controller


# --- must be flagged ---


def run_regenerated(n):
    limits, x, u, key = jnp.array([1.0, 1.0]), jnp.zeros(2), jnp.zeros(2), jax.random.PRNGKey(0)
    for _ in range(n):
        u = make_ctl(limits, dyn, h, grad_h)(0.0, x, u, key)  # expect: JG301
        x = x + 0.01 * u
    return x


# --- must not be flagged ---


def run_reused(n):
    limits, x, u, key = jnp.array([1.0, 1.0]), jnp.zeros(2), jnp.zeros(2), jax.random.PRNGKey(0)
    ctl = make_ctl(limits, dyn, h, grad_h)
    for _ in range(n):
        u = ctl(0.0, x, u, key)
        x = x + 0.01 * u
    return x


GROWS = [run_regenerated]
BOUNDED = [run_reused]
