# Report: google/jaxopt#403 https://github.com/google/jaxopt/issues/403
# Class: 4 (NumPy and Python on traced values, deeper: a SciPy wrapper converts its inputs with NumPy)
# Rule: JG104
# Reduced: "Errors with `ScipyBoundedMinimize`": the user runs `solver.run(y, bounds=b,
# data=(y, v, model))` for every grid point inside `jax.lax.scan`; jaxopt's SciPy wrappers
# convert parameters with `onp.asarray(leaf, dtype)` (`jnp_to_onp`, scipy_wrappers.py:118)
# before calling `scipy.optimize.minimize`, so the scanned tracers raise
# TracerArrayConversionError. jaxopt is not installed: `jnp_to_onp` and a minimal
# `ScipyBoundedMinimize.run` are inlined; the user's `state_action_value_jax` and `model` are
# not shown (a quadratic value and a small grid stand in). Fix: scipy solvers run on the
# host, so loop over the grid in Python instead of scanning.
import jax
import jax.numpy as jnp
import numpy as onp
import scipy.optimize
from jax import tree_util


def jnp_to_onp(x_jnp, dtype=onp.float64):
    x_onp = [onp.asarray(leaf, dtype).reshape(-1)  # expect: JG104
             for leaf in tree_util.tree_leaves(x_jnp)]
    return onp.concatenate(x_onp)


class ScipyBoundedMinimize:
    def __init__(self, fun, method):
        self.fun = fun
        self.method = method

    def run(self, init_params, bounds, data):
        x0 = jnp_to_onp(init_params)
        lower, upper = jnp_to_onp(bounds[0]), jnp_to_onp(bounds[1])
        res = scipy.optimize.minimize(lambda x: float(self.fun(x[0], data)), x0, method=self.method,
                                      bounds=list(zip(lower, upper)))
        return res


def state_action_value_jax(c, data):
    y, v, model = data
    return (c - 0.5 * y) ** 2 - v.mean()


solver = ScipyBoundedMinimize(fun=state_action_value_jax, method="l-bfgs-b")


# --- must be flagged ---


def T_jax(v, model):
    def update_v(carry, y):
        b = jnp.array((1e-5, y))
        result = solver.run(y, bounds=b, data=(y, v, model))
        return carry + 1, (result.x, -result.fun, result.success)
    _, v_values = jax.lax.scan(update_v, 0, model["grid"])
    return v_values


def bug():
    return T_jax(jnp.zeros(3), {"grid": jnp.array([1.0, 2.0, 3.0])})


# --- must not be flagged ---


def T_host(v, model):
    out = []
    for y in onp.asarray(model["grid"]):
        result = solver.run(y, bounds=(onp.array([1e-5]), onp.array([y])), data=(y, v, model))
        out.append((result.x, -result.fun, result.success))
    return out


def fixed():
    return T_host(jnp.zeros(3), {"grid": jnp.array([1.0, 2.0, 3.0])})[0][1]


RAISES = [(bug, "TracerArrayConversionError")]
RUNS = [fixed]
