# Report: CMSL-HKUST/jax-am#13 https://github.com/CMSL-HKUST/jax-am/issues/13
# Class: 4 (an `assert` on a value computed from the traced solution, two calls below `jax.vmap`)
# Rule: JG103
# Reduced: "Potentially harmful use of assert statements in solver.py": the FEM solver's
# `jax_solve(problem, A_fn, b, x0, precond)` runs `jax.scipy.sparse.linalg.bicgstab`, computes
# `err = np.linalg.norm(A_fn(x) - b)` (`np` is jax.numpy there) and checks
# `assert err < 0.1, f"JAX linear solver failed to converge with err = {err}"`; in the reporter's
# use case the solve runs under `jax.vmap` and `err` is a BatchTracer, so the assert breaks. The
# FEM problem is reduced to a small SPD operator and a batch of right-hand sides solved with
# `vmap`. Fix (suggested in the issue): no Python assert on traced values; report the residual
# (or use a checked error) instead.
import jax
import jax.numpy as np

A = np.array([[4.0, 1.0], [1.0, 3.0]])


def A_fn(x):
    return A @ x


# --- must be flagged ---


def jax_solve(A_fn, b, x0):
    x, info = jax.scipy.sparse.linalg.bicgstab(A_fn, b, x0=x0, tol=1e-10, atol=1e-10, maxiter=100)
    err = np.linalg.norm(A_fn(x) - b)
    assert err < 0.1, f"JAX linear solver failed to converge with err = {err}"  # expect: JG103
    return x


def solve_batch(bs):
    return jax.vmap(lambda b: jax_solve(A_fn, b, np.zeros(2)))(bs)


def bug():
    return solve_batch(np.ones((3, 2)))


# --- must not be flagged ---


def jax_solve_report(A_fn, b, x0):
    x, info = jax.scipy.sparse.linalg.bicgstab(A_fn, b, x0=x0, tol=1e-10, atol=1e-10, maxiter=100)
    err = np.linalg.norm(A_fn(x) - b)
    return x, err


def solve_batch_report(bs):
    xs, errs = jax.vmap(lambda b: jax_solve_report(A_fn, b, np.zeros(2)))(bs)
    return xs, errs


def fixed():
    return solve_batch_report(np.ones((3, 2)))


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
