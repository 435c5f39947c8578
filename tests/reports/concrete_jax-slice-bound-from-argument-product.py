# Report: jax-ml/jax#4531 https://github.com/jax-ml/jax/issues/4531
# Class: 2 (arguments JAX needs static: slice bounds computed from an argument)
# Rule: JG105
# Reduced: the issue's `compute_x(num, n_con, n_rob, P, ...)`, jitted, slices the solution with
# `sol_x[0:n_rob*nvar]` where `n_rob` is an argument and `nvar = jnp.shape(P)[1]` is static;
# the product is traced, so the slice fails. Fix: `static_argnums` for the counts.

import jax
import jax.numpy as jnp

# --- must be flagged ---


def compute_x(num, n_con, n_rob, P, cost_mat_inv_x, lincost):
    nvar = jnp.shape(P)[1]
    sol_x = jnp.dot(cost_mat_inv_x, lincost)
    primal_sol_x = sol_x[0 : n_rob * nvar]  # expect: JG105
    cx = primal_sol_x.reshape(n_rob, nvar)
    return jnp.dot(P, cx.T).T


def bug():
    return jax.jit(compute_x)(1, 2, 2, jnp.ones((5, 3)), jnp.eye(8), jnp.ones(8))


# --- must not be flagged ---


def fixed():
    run = jax.jit(compute_x, static_argnums=(0, 1, 2))
    return run(1, 2, 2, jnp.ones((5, 3)), jnp.eye(8), jnp.ones(8))


RAISES = [(bug, "IndexError")]
RUNS = [fixed]
