# Report: google/jaxopt#563 https://github.com/google/jaxopt/issues/563
# Class: 6 (churn: new function objects handed to a lax loop outside jit)
# Rule: JG301
# Reduced: commit ed1febe removed the `jit` around `_while_loop_lax` as redundant; "this change
# also seems to prevent the result from being cached, causing recompilation of loops like"
# `base.py#L314` (a solver's `run`, which passes its own methods as cond/body functions).
# Outside jit, `lax.while_loop` caches on the identity of the functions, and each `self._cond_fun`
# is a new bound-method object, so every `run` compiles the loop again. The solver is a plain
# gradient descent. Fix (reverting the commit): jit the loop with the functions static (bound
# methods of the same solver compare equal).
import jax
import jax.numpy as jnp


def _while_loop_lax(cond_fun, body_fun, init_val):
    return jax.lax.while_loop(cond_fun, body_fun, init_val)


_while_loop_jit = jax.jit(_while_loop_lax, static_argnums=(0, 1))


def fun(x):
    return jnp.sum((x - 1.0) ** 2)


class GradientDescent:
    def __init__(self, maxiter=5):
        self.maxiter = maxiter

    def _cond_fun(self, state):
        return state[1] < self.maxiter

    def _body_fun(self, state):
        x, it = state
        return x - 0.1 * jax.grad(fun)(x), it + 1


# --- must be flagged ---


class GradientDescentUnjitted(GradientDescent):
    def run(self, x0):
        return _while_loop_lax(self._cond_fun, self._body_fun, (x0, 0))  # expect: JG301


def fit_many(n):
    solver = GradientDescentUnjitted()
    return [solver.run(jnp.full(3, float(i)))[0] for i in range(n)]


# --- must not be flagged ---


class GradientDescentJitted(GradientDescent):
    def run(self, x0):
        return _while_loop_jit(self._cond_fun, self._body_fun, (x0, 0))


def fit_many_jitted(n):
    solver = GradientDescentJitted()
    return [solver.run(jnp.full(3, float(i)))[0] for i in range(n)]


GROWS = [fit_many]
BOUNDED = [fit_many_jitted]
