# Report: ChipFlow/vajax#17 https://github.com/ChipFlow/vajax/issues/17
# Class: 6 (churn: a solver factory builds a new jitted Newton solve, with its loop body a new closure, for every circuit)
# Rule: JG301
# Reduced: "JAX tracing cache misses are occurring because functions are being recreated on each
# call rather than reused": the CI log shows "never seen function ... but seen another function
# defined on the same line; maybe the function is being re-defined repeatedly", with
# `solver_factories.py` making a new `nr_solve` (and its `body_fn` closure) per circuit and
# `engine.py` wrapping `jax.jit(jax.vmap(split_fn, ...))` per device model. Here a circuit
# simulator's factory returns a jitted Newton solve whose `lax.while_loop` body closes over the
# circuit's conductance matrix, and a sweep over circuits of the same size calls the factory for
# each one: one compile per circuit (checked on JAX 0.10.2). Fix (the proposal, cache by
# structure): one jitted solve that takes the circuit's matrices as arguments, built once, so
# circuits of the same size share its compilation.
import jax
import jax.numpy as jnp
from jax import lax


def make_nr_solve(conductance, sources):
    def residual(v):
        return conductance @ v + 0.1 * v**3 - sources

    def body_fn(state):
        v, it = state
        jac = conductance + jnp.diag(0.3 * v**2)
        return v - jnp.linalg.solve(jac, residual(v)), it + 1

    def cond_fn(state):
        v, it = state
        return (jnp.max(jnp.abs(residual(v))) > 1e-6) & (it < 50)

    @jax.jit
    def nr_solve(v0):
        return lax.while_loop(cond_fn, body_fn, (v0, 0))[0]

    return nr_solve


def circuit(k, n=4):
    g = jnp.eye(n) * (2.0 + 0.1 * k) - 0.5 * jnp.eye(n, k=1) - 0.5 * jnp.eye(n, k=-1)
    return g, jnp.ones(n) * (1.0 + k)


# --- must be flagged ---


def sweep(n):
    out = []
    for k in range(n):
        g, s = circuit(k)
        nr_solve = make_nr_solve(g, s)
        out.append(nr_solve(jnp.zeros(4)))  # expect: JG301
    return out


# --- must not be flagged ---


def _residual(v, conductance, sources):
    return conductance @ v + 0.1 * v**3 - sources


def _body(state):
    v, it, conductance, sources = state
    jac = conductance + jnp.diag(0.3 * v**2)
    return v - jnp.linalg.solve(jac, _residual(v, conductance, sources)), it + 1, conductance, sources


def _cond(state):
    v, it, conductance, sources = state
    return (jnp.max(jnp.abs(_residual(v, conductance, sources))) > 1e-6) & (it < 50)


@jax.jit
def nr_solve_shared(v0, conductance, sources):
    return lax.while_loop(_cond, _body, (v0, 0, conductance, sources))[0]


def sweep_shared(n):
    out = []
    for k in range(n):
        g, s = circuit(k)
        out.append(nr_solve_shared(jnp.zeros(4), g, s))
    return out


GROWS = [sweep]
BOUNDED = [sweep_shared]
