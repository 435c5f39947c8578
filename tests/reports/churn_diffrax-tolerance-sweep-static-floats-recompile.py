# Report: patrick-kidger/diffrax#466 https://github.com/patrick-kidger/diffrax/issues/466
# Class: 6 (churn that comes from data: a solver tolerance that is static and changes per run)
# Rule: JG302
# Reduced: "Accelerate ODE solver [What did I miss?]": the user's jitted `run_diffrax(...,
# {'method': Dopri5(), 'atol': 1e-5, 'rtol': 1e-5})` is fast on the second call with the same
# tolerances, but "runs slower again when changing from `1e-5` to `1e-4` because of compilation"
# and asks to "compile only once for arbitrary `atol=rtol` values"; the answer: "Yes, this behavior
# is expected" - under equinox's `filter_jit` a Python float is static, so each new tolerance is a
# new cache entry. The solve is reduced to a fixed number of adaptive-looking steps, and the
# static floats are written with `static_argnames`. Fix: pass the tolerances as arrays (traced).
from functools import partial

import jax
import jax.numpy as jnp


def step(y, rtol, atol):
    err = jnp.abs(y) * rtol + atol
    return y - 0.1 * y / (1.0 + err)


@partial(jax.jit, static_argnames=("rtol", "atol"))
def run_solver(y0, rtol, atol):
    y = y0
    for _ in range(3):
        y = step(y, rtol, atol)
    return y


@jax.jit
def run_solver_traced(y0, rtol, atol):
    y = y0
    for _ in range(3):
        y = step(y, rtol, atol)
    return y


# --- must be flagged ---


def tolerance_sweep(n):
    y0 = jnp.ones(4)
    out = []
    for i in range(n):
        tol = 10.0 ** -(i + 3)
        out.append(run_solver(y0, rtol=tol, atol=tol))  # expect: JG302
    return out


# --- must not be flagged ---


def tolerance_sweep_traced(n):
    y0 = jnp.ones(4)
    out = []
    for i in range(n):
        tol = jnp.asarray(10.0 ** -(i + 3))
        out.append(run_solver_traced(y0, tol, tol))
    return out


GROWS = [tolerance_sweep]
BOUNDED = [tolerance_sweep_traced]
