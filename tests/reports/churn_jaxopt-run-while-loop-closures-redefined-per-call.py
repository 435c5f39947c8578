# Report: google/jaxopt#113 https://github.com/google/jaxopt/pull/113
# Class: 6 (churn: eager control flow on functions that are redefined on every call)
# Rule: JG301
# Reduced: "Prevent recompilation of loops in `solver.run` if executing without jit": running an
# `IterativeSolver`'s `run` without `jax.jit` retraced (and recompiled) its `lax.while_loop` on
# every call, because `cond_fun` and `body_fun` were (re)defined inside the private `_run` and
# closed over `run`'s arguments; outside jit the loop primitive is staged and compiled for its
# body functions, which are new objects each time. Fix (the PR): define `cond_fun`/`body_fun` as
# methods and pass `run`'s arguments through the loop carry. Under JAX 0.10.2 a bound method
# fetched again is a new object too, so the look-alike binds the methods once in `__init__`.
# The solver is a gradient descent on a least-squares objective, called on a stream of problems.
import jax
import jax.numpy as jnp

A = jnp.array([[2.0, 0.5], [0.5, 1.0], [0.3, 0.2]])


def fun(params, b):
    return 0.5 * jnp.sum((A @ params - b) ** 2)


# --- must be flagged ---


class GradientDescent:
    def __init__(self, fun, stepsize=0.2, maxiter=50, tol=1e-4):
        self.fun, self.stepsize, self.maxiter, self.tol = fun, stepsize, maxiter, tol

    def _run(self, init_params, *args):
        def cond_fun(carry):
            params, it, error = carry
            return (it < self.maxiter) & (error > self.tol)

        def body_fun(carry):
            params, it, _ = carry
            grad = jax.grad(self.fun)(params, *args)
            return params - self.stepsize * grad, it + 1, jnp.linalg.norm(grad)

        return jax.lax.while_loop(cond_fun, body_fun, (init_params, 0, jnp.inf))[0]  # expect: JG301

    def run(self, init_params, *args):
        return self._run(init_params, *args)


def solve_stream(n):
    solver = GradientDescent(fun)
    out = None
    for i in range(n):
        out = solver.run(jnp.zeros(2), jnp.array([1.0, 2.0, 3.0]) + i)
    return out


# --- must not be flagged ---


class GradientDescentMethods:
    def __init__(self, fun, stepsize=0.2, maxiter=50, tol=1e-4):
        self.fun, self.stepsize, self.maxiter, self.tol = fun, stepsize, maxiter, tol
        self.cond_fun, self.body_fun = self._cond_fun, self._body_fun

    def _cond_fun(self, carry):
        params, it, error, args = carry
        return (it < self.maxiter) & (error > self.tol)

    def _body_fun(self, carry):
        params, it, _, args = carry
        grad = jax.grad(self.fun)(params, *args)
        return params - self.stepsize * grad, it + 1, jnp.linalg.norm(grad), args

    def run(self, init_params, *args):
        return jax.lax.while_loop(self.cond_fun, self.body_fun, (init_params, 0, jnp.inf, args))[0]


def solve_stream_methods(n):
    solver = GradientDescentMethods(fun)
    out = None
    for i in range(n):
        out = solver.run(jnp.zeros(2), jnp.array([1.0, 2.0, 3.0]) + i)
    return out


GROWS = [solve_stream]
BOUNDED = [solve_stream_methods]
