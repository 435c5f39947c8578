# Report: google/jaxopt#214 https://github.com/google/jaxopt/issues/214
# Class: 3 (everything created inside jit is traced: initial parameters built in the jitted function reach a NumPy conversion)
# Rule: JG104
# Reduced: "ScipyBoundedMinimize & jit => error": a `@jit def test():` builds
# `init_params = jnp.array([18., 2., 10., 1.])` and runs
# `jaxopt.ScipyBoundedMinimize(fun=lik, method="SLSQP").run(init_params, bounds=..., t=t, R=R)`;
# the SciPy wrapper hands SciPy NumPy copies of the parameters (`onp.asarray(leaf)` in
# `jnp_to_onp`), and inside the jitted function the parameters are tracers, so the conversion
# raises TracerArrayConversionError. Here the wrapper is written out (a class whose `run` converts
# the initial parameters and the bounds for `scipy.optimize.minimize`). Fix: run the SciPy solver
# outside `jit`; only the objective (and its gradient) is jitted.
import jax
import jax.numpy as jnp
import numpy as onp
import scipy.optimize as sopt

t = onp.array([-1.26, -0.79, -0.22, 0.13, 0.40, 0.63, 0.88, 1.28, 1.70, 2.17])
R = onp.array([17.69, 17.90, 18.04, 17.32, 16.54, 15.61, 15.32, 14.78, 14.70, 14.85])


@jax.jit
def model(p, t):
    return jnp.where(t <= 0, p[0] + p[1] * t, p[0] + p[1] * t - p[2] * (1 - jnp.exp(-t / p[3])))


@jax.jit
def lik(p, t, R):
    return 0.5 * jnp.sum((model(p, t) - R) ** 2)


class ScipyBoundedMinimize:
    def __init__(self, fun, method="L-BFGS-B", maxiter=20):
        self.method = method
        self.maxiter = maxiter
        self._value_and_grad = jax.jit(jax.value_and_grad(fun))

    def run(self, init_params, bounds, *args):
        x0 = onp.asarray(init_params, dtype=onp.float64)  # expect: JG104
        lower, upper = bounds

        def scipy_fun(x):
            value, grad = self._value_and_grad(jnp.asarray(x), *args)
            return float(value), onp.asarray(grad, dtype=onp.float64)

        res = sopt.minimize(scipy_fun, x0, jac=True, method=self.method,
                            bounds=list(zip(lower, upper)), options={"maxiter": self.maxiter})
        return jnp.asarray(res.x)


# --- must be flagged ---


@jax.jit
def fit():
    solver = ScipyBoundedMinimize(fun=lik, method="SLSQP")
    init_params = jnp.array([18.0, 2.0, 10.0, 1.0])
    return solver.run(init_params, ([-onp.inf, 0.0, -onp.inf, -onp.inf], [onp.inf] * 4), t, R)


# --- must not be flagged ---


def fit_eagerly():
    solver = ScipyBoundedMinimize(fun=lik, method="SLSQP")
    init_params = jnp.array([18.0, 2.0, 10.0, 1.0])
    return solver.run(init_params, ([-onp.inf, 0.0, -onp.inf, -onp.inf], [onp.inf] * 4), t, R)


RAISES = [(fit, "TracerArrayConversionError")]
RUNS = [fit_eagerly]
