# Report: PythonOT/POT#625 https://github.com/PythonOT/POT/issues/625
# Class: 4 (NumPy and Python on traced values, deeper: a NumPy-only solver called on a traced cost)
# Rule: JG104
# Reduced: "Jax backend: jax.errors.TracerArrayConversionError": a loss builds the cost matrix
# with `jnp` and hands it to `ot.emd`, whose exact solver runs in compiled NumPy code; under
# `jax.grad` (also `jit`, `vmap`) the cost matrix is a tracer and the backend's conversion to
# NumPy raises. Here `emd` is our own exact solver for uniform weights (an assignment problem
# solved by SciPy), converting its cost with `np.asarray` the same way. Fix: solve for the plan
# outside the differentiated function, on concrete costs, and differentiate the transport cost
# with the plan held fixed (the optimal plan's gradient contribution vanishes at the optimum).
import jax
import jax.numpy as jnp
import numpy as np
from scipy.optimize import linear_sum_assignment

B = 10


def emd(a, b, M):
    M = np.asarray(M)  # expect: JG104
    rows, cols = linear_sum_assignment(M)
    plan = np.zeros_like(M)
    plan[rows, cols] = np.asarray(a)[rows]
    return plan


def costs_of(x, y):
    return jnp.linalg.norm(x[:, None] - y[None, :], axis=-1) ** 2


# --- must be flagged ---


def loss_fn(x, y):
    costs = costs_of(x, y)
    pi = emd(jnp.ones(B) / B, jnp.ones(B) / B, costs)
    return jnp.sum(pi * costs)


def bug():
    x = jax.random.normal(jax.random.PRNGKey(0), (B, 1))
    y = jax.random.normal(jax.random.PRNGKey(1), (B, 1))
    return jax.grad(loss_fn)(x, y)


# --- must not be flagged ---


def loss_with_plan(x, y, pi):
    return jnp.sum(pi * costs_of(x, y))


def fixed():
    x = jax.random.normal(jax.random.PRNGKey(0), (B, 1))
    y = jax.random.normal(jax.random.PRNGKey(1), (B, 1))
    pi = emd(np.ones(B) / B, np.ones(B) / B, np.asarray(costs_of(x, y)))
    return jax.grad(loss_with_plan)(x, y, jnp.asarray(pi))


RAISES = [(bug, "TracerArrayConversionError")]
RUNS = [fixed]
