# Report: google/jaxopt#444 https://github.com/google/jaxopt/issues/444
# Class: 4 (NumPy and Python on traced values, deeper: lax.cond traces both branches even when not jitted)
# Rule: JG104
# Reduced: "How to prevent jitting in jaxopt solver?": the user's objective is not jittable
# (NumPy inside a `custom_vjp`) and runs `jaxopt.LBFGS(fun=f, jit=False, ...)`; the zoom line
# search still calls `jax.lax.cond`, which traces its branches, so the objective receives
# tracers and NumPy raises TracerArrayConversionError. mblondel: "zoom line search and
# Hager-Zhang line search don't work with non-jittable functions"; PR #449 routes the
# non-jit case through `ifelse_cond`, evaluating `lax.cond` under `jax.disable_jit()`.
# jaxopt is not installed: one zoom step is inlined; the user's `f` body is not shown (a
# NumPy quadratic stands in), its VJP returns an array of size 1 as advised in the thread.
import jax
import jax.numpy as jnp
import numpy as np


@jax.custom_vjp
def f(x):
    return np.sum(np.asarray(x) ** 2)  # expect: JG104


def f_fwd(x):
    return f(x), x


def f_bwd(x, g):
    grad_x = 2.0 * np.asarray(x)
    return (np.array([grad_x[0] * g]),)


f.defvjp(f_fwd, f_bwd)


def zoom_step(fun, x, d, stepsize, value):
    return jax.lax.cond(stepsize > 0, lambda s: fun(x + s * d), lambda s: value, stepsize)


# --- must be flagged ---


def bug():
    x = np.array([1.0])
    return zoom_step(f, x, -x, 0.5, f(x))


# --- must not be flagged ---


def ifelse_cond(jit, cond, if_fun, else_fun, *operands):
    if not jit:
        with jax.disable_jit():
            return jax.lax.cond(cond, if_fun, else_fun, *operands)
    return jax.lax.cond(cond, if_fun, else_fun, *operands)


def zoom_step_nojit(fun, x, d, stepsize, value):
    return ifelse_cond(False, stepsize > 0, lambda s: fun(x + s * d), lambda s: value, stepsize)


def fixed():
    x = np.array([1.0])
    return zoom_step_nojit(f, x, -x, 0.5, f(x))


RAISES = [(bug, "TracerArrayConversionError")]
RUNS = [fixed]
