# Report: google/jaxopt#61 https://github.com/google/jaxopt/issues/61
# Class: 4 (NumPy and Python on traced values, deeper: a SciPy callback evaluates a traced function)
# Rule: JG104
# Reduced: "Problem with vmapping rootfinder": `rootfinder = ScipyRootFinding(optimality_fun=func,
# method='hybr', tol=1e-10)` with `func(x, params) = (x - a) * (x - b)`; `solve(params)` calls
# `rootfinder.run(init, params)` and works, `vmap(solve)(params_batch)` raises
# TracerArrayConversionError on a BatchTracer float64[1]: ScipyRootFinding hands SciPy a NumPy
# callback that evaluates `optimality_fun(x, *args)` and converts the result with
# `onp.asarray`, and under vmap `params` is traced, so the residual is a tracer that NumPy cannot
# hold. Fix: SciPy wrappers run on concrete values only — loop over the batch in Python (or use
# a JAX-native solver). The wrapper's `run` is written out with scipy.optimize.root.
import jax
import jax.numpy as jnp
import numpy as onp
import scipy.optimize as osp


def func(x, params):
    a, b = params
    return (x - a) * (x - b)


class ScipyRootFinding:
    def __init__(self, optimality_fun, method="hybr", tol=1e-10):
        self.optimality_fun = optimality_fun
        self.method = method
        self.tol = tol

    def run(self, init_params, *args):
        def scipy_fun(x_onp):
            value = self.optimality_fun(jnp.asarray(x_onp), *args)
            return onp.asarray(value)  # expect: JG104

        res = osp.root(scipy_fun, onp.asarray(init_params), method=self.method, tol=self.tol)
        return jnp.asarray(res.x), res


rootfinder = ScipyRootFinding(optimality_fun=func, method="hybr", tol=1e-10)
init = jnp.zeros(1)
params_batch = (jnp.array([1.0, 2.0, 3.0]), jnp.array([5.0, 6.0, 7.0]))


# --- must be flagged ---


def solve(params):
    root, info = rootfinder.run(init, params)
    return root


def crashes():
    return jax.vmap(solve)(params_batch)


# --- must not be flagged ---


def works():
    roots = [solve((a, b)) for a, b in zip(*params_batch)]
    return jnp.stack(roots)


RAISES = [(crashes, "TracerArrayConversionError")]
RUNS = [works]
