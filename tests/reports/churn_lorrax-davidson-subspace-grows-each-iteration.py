# Report: https://github.com/jackmcarthur/lorrax (src/solvers/davidson.py, whose block Davidson appends each correction block to the subspace `V` and calls the jitted `_ritz_and_residuals(V, HV, n_eig)` once per iteration, with per-shape trace counters added in a "BSE perf campaign"; the repository's profiling guide: "TRACING CACHE MISS at davidson.py:41:12 ... never seen input type signature ... c128[8,8] vs c128[12,12]", "Every k-point retraces"; and src/solvers/davidson_fixed.py, "fixed-capacity storage ... no iteration changes an array shape")
# Class: 6 (churn that comes from data: a subspace that grows by one block every iteration)
# Rule: JG303
# Reduced: each Davidson iteration computes Ritz pairs and residuals of the current subspace in
# one jitted kernel, preconditions the residuals and concatenates them onto `V` (and `H V`), so
# the kernel sees `(m, dim)` with m = n_eig, 2 n_eig, 3 n_eig, ... and compiles again every
# iteration until the restart cap. Here H is a diagonal operator, the generalized eigenproblem an
# ordinary `eigh` of the projected matrix, and no restart. Fix (the repository's fixed-capacity
# solver): allocate `V` at its capacity once, write each block with `dynamic_update_slice`, and
# pass the active size as a traced integer that masks the projection.
from functools import partial

import jax
import jax.numpy as jnp

DIM, N_EIG, CAPACITY = 16, 2, 12
DIAG = jnp.arange(1.0, DIM + 1.0)


def apply_h(vectors):
    return vectors * DIAG


@partial(jax.jit, static_argnames=("n_eig",))
def ritz_and_residuals(V, HV, n_eig):
    Hc = V @ HV.T
    lam, C = jnp.linalg.eigh(0.5 * (Hc + Hc.T))
    X = C[:, :n_eig].T @ V
    return lam[:n_eig], X, C[:, :n_eig].T @ HV - lam[:n_eig, None] * X


@partial(jax.jit, static_argnames=("n_eig",))
def ritz_and_residuals_masked(V, HV, size, n_eig):
    active = jnp.arange(V.shape[0]) < size
    both = active[:, None] & active[None, :]
    Hc = jnp.where(both, V @ HV.T, jnp.diag(jnp.where(active, 0.0, 1e6)))
    lam, C = jnp.linalg.eigh(0.5 * (Hc + Hc.T))
    X = C[:, :n_eig].T @ V
    return lam[:n_eig], X, C[:, :n_eig].T @ HV - lam[:n_eig, None] * X


# --- must be flagged ---


def davidson(n_iter):
    V = jnp.eye(DIM)[:N_EIG]
    HV = apply_h(V)
    for _ in range(n_iter):
        lam, X, R = ritz_and_residuals(V, HV, n_eig=N_EIG)  # expect: JG303
        P = R / (DIAG[None, :] - lam[:, None] + 1e-3)
        V = jnp.concatenate([V, P])
        HV = jnp.concatenate([HV, apply_h(P)])
    return lam


# --- must not be flagged ---


def davidson_fixed_capacity(n_iter):
    basis = jnp.zeros((CAPACITY, DIM)).at[:N_EIG].set(jnp.eye(DIM)[:N_EIG])
    images = apply_h(basis)
    size = N_EIG
    for _ in range(n_iter):
        lam, X, R = ritz_and_residuals_masked(basis, images, size, n_eig=N_EIG)
        P = R / (DIAG[None, :] - lam[:, None] + 1e-3)
        basis = jax.lax.dynamic_update_slice_in_dim(basis, P, size, axis=0)
        images = jax.lax.dynamic_update_slice_in_dim(images, apply_h(P), size, axis=0)
        size = size + N_EIG
    return lam


GROWS = [davidson]
BOUNDED = [davidson_fixed_capacity]
