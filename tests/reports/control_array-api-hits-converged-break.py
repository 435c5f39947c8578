# Report: data-apis/array-api#999 https://github.com/data-apis/array-api/pull/999
# Class: 4 (a traced convergence test from a helper used to `break` a Python loop)
# Rule: JG101
# Reduced: a reviewer of the array-API tutorial jitted its HITS power iteration ("which is what
# I would do first thing after reading this tutorial"): `for _i in range(max_iter): ... if
# is_converged(hprev, h, N, tol): break` with `is_converged` returning `err < xp.asarray(N *
# tol)`, and got a tracer error. The thread's code with `xp = jax.numpy`; the lines after the loop
# are cut where the quote is cut (normalisation of `h`). Fix: the loop as `lax.while_loop` with the
# convergence test as its condition (the usual JAX form; the thread only shows the failure).
import jax
import jax.numpy as xp
from jax import lax


def is_converged(xprev, x, N, tol):
    err = xp.sum(xp.abs(x - xprev))
    return err < xp.asarray(N * tol)


# --- must be flagged ---


def hits(A, max_iter=100, tol=1.0e-8, normalized=True):
    A = xp.asarray(A)
    N = A.shape[0]
    h = xp.full(N, 1.0 / N)
    for _i in range(max_iter):
        hprev = h
        a = hprev @ A
        h = A @ a
        h = h / xp.max(h)
        if is_converged(hprev, h, N, tol):  # expect: JG101
            break
    else:
        raise Exception("Didn't converge")
    if normalized:
        h = h / xp.sum(h)
    return h


A = xp.array([[0.0, 1.0, 1.0], [1.0, 0.0, 0.0], [1.0, 1.0, 0.0]])


def bug():
    return jax.jit(hits)(A)


# --- must not be flagged ---


def hits_while(A, max_iter=100, tol=1.0e-8, normalized=True):
    A = xp.asarray(A)
    N = A.shape[0]

    def step(state):
        i, _, h = state
        a = h @ A
        h_new = A @ a
        return i + 1, h, h_new / xp.max(h_new)

    def not_done(state):
        i, hprev, h = state
        return (i < max_iter) & ~is_converged(hprev, h, N, tol)

    h0 = xp.full(N, 1.0 / N)
    _, _, h = lax.while_loop(not_done, step, step((0, h0, h0)))
    if normalized:
        h = h / xp.sum(h)
    return h


def fixed():
    return jax.jit(hits_while)(A)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
