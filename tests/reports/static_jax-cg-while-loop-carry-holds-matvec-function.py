# Report: jax-ml/jax#1821 https://github.com/jax-ml/jax/pull/1821
# Class: 1 (values inside containers and objects: a function inside the loop carry)
# Rule: JG206
# Reduced: "Implement scipy.sparse.linalg.cg": the first version passed the `matvec` function
# through `lax.while_loop` with the arrays of the iteration; the reviewer: "you can't pass `matvec`
# (which is a function) as an argument into a while_loop ... body_fun should only take array
# arguments", and suggests closing over it (or `functools.partial`). Here the conjugate gradient
# loop carries `matvec` in its state tuple. Fix (the reviewer's first option): the body closes
# over `matvec` and the carry holds arrays only.
import jax.numpy as jnp
from jax import lax

A = jnp.array([[4.0, 1.0], [1.0, 3.0]])


def body_fun(state):
    x, r, p, rs, k, matvec = state
    Ap = matvec(p)
    alpha = rs / jnp.vdot(p, Ap)
    x = x + alpha * p
    r = r - alpha * Ap
    rs_new = jnp.vdot(r, r)
    p = r + (rs_new / rs) * p
    return x, r, p, rs_new, k + 1, matvec


# --- must be flagged ---


def cg(matvec, b, tol=1e-8, maxiter=20):
    x = jnp.zeros_like(b)
    r = b - matvec(x)
    init = (x, r, r, jnp.vdot(r, r), 0, matvec)
    state = lax.while_loop(lambda s: (s[3] > tol) & (s[4] < maxiter), body_fun, init)  # expect: JG206
    return state[0]


def bug():
    return cg(lambda v: A @ v, jnp.array([1.0, 2.0]))


# --- must not be flagged ---


def cg_closure(matvec, b, tol=1e-8, maxiter=20):
    def body(state):
        x, r, p, rs, k = state
        Ap = matvec(p)
        alpha = rs / jnp.vdot(p, Ap)
        x = x + alpha * p
        r = r - alpha * Ap
        rs_new = jnp.vdot(r, r)
        return x, r, r + (rs_new / rs) * p, rs_new, k + 1

    x = jnp.zeros_like(b)
    r = b - matvec(x)
    state = lax.while_loop(lambda s: (s[3] > tol) & (s[4] < maxiter), body, (x, r, r, jnp.vdot(r, r), 0))
    return state[0]


def fixed():
    return cg_closure(lambda v: A @ v, jnp.array([1.0, 2.0]))


RAISES = [(bug, "TypeError")]
RUNS = [fixed]
