# Report: f0uriest/interpax#99 https://github.com/f0uriest/interpax/pull/99
# Class: 6 (churn: `jit` of a function defined inside the function that calls it, on every call)
# Rule: JG301
# Reduced: "Avoids jitting a locally defined function which was causing excessive recompilation
# (resolves #94)". interpax#94: building `CubicSpline(range(9), range(9))` got 50-100% slower in
# 0.3.8; the constructor computes the knot derivatives with `approx_df(x, f, method, axis,
# **kwargs)`, which read `def fun(x, f): return _approx_df(x, f, method, axis, **kwargs)` ("close
# over static args to deal with non-jittable kwargs") and `return jit(fun)(x, f)`: a new function
# object per call, so every spline built traced and compiled its derivative routine again. Here
# the C1 `cubic` derivative only, and the loop the user's unit tests building splines. Fix (the
# PR's): the routine jitted once at module level, the method and axis as static arguments.
from functools import partial

import jax.numpy as jnp
from jax import jit


def _approx_df(x, f, method, axis):
    dx = jnp.diff(x)
    df = jnp.diff(f, axis=axis) / dx
    if method == "cubic":
        return jnp.concatenate([df[:1], (df[:-1] + df[1:]) / 2, df[-1:]])
    return jnp.zeros_like(f)


# --- must be flagged ---


def approx_df(x, f, method="cubic", axis=-1):
    # close over static args to deal with non-jittable kwargs
    def fun(x, f):
        return _approx_df(x, f, method, axis)

    return jit(fun)(x, f)  # expect: JG301


def build_splines(n):
    return [approx_df(jnp.arange(9.0), jnp.arange(9.0) ** 2 + k) for k in range(n)]


# --- must not be flagged ---


@partial(jit, static_argnames=("method", "axis"))
def approx_df_jitted(x, f, method="cubic", axis=-1):
    return _approx_df(x, f, method, axis)


def build_splines_module_jit(n):
    return [approx_df_jitted(jnp.arange(9.0), jnp.arange(9.0) ** 2 + k) for k in range(n)]


GROWS = [build_splines]
BOUNDED = [build_splines_module_jit]
