# Report: google/jaxopt#221 https://github.com/google/jaxopt/issues/221
# Class: 6 (churn: a solver that jits a new function per instance, instantiated in a loop)
# Rule: JG301
# Reduced: "ScipyBoundedMinimize: recompilation of function to minimize at each instantiation?":
# with a jitted objective `test` printing "compile....", creating a new solver and running it
# compiles again, while running the same solver twice does not. The solver is reduced to its
# cached `jax.jit(jax.value_and_grad(fun))` and a few gradient steps. Fix: build the jitted
# value-and-grad once per objective and share it between instances.
import jax
import jax.numpy as jnp


@jax.jit
def test(x):
    return -((x + 2.0) ** 2)


class ScipyBoundedMinimize:
    def __init__(self, fun, maxiter=3):
        self.maxiter = maxiter
        self._value_and_grad = jax.jit(jax.value_and_grad(fun))

    def run(self, x0):
        x = x0
        for _ in range(self.maxiter):
            value, grad = self._value_and_grad(x)  # expect: JG301
            x = jnp.clip(x + 0.1 * grad, -100.0, 100.0)
        return x


# --- must be flagged ---


def solve_many(n):
    results = []
    for i in range(n):
        solver = ScipyBoundedMinimize(fun=test)
        results.append(solver.run(jnp.array(float(i))))
    return results


# --- must not be flagged ---

_VALUE_AND_GRAD = {}


def shared_value_and_grad(fun):
    if fun not in _VALUE_AND_GRAD:
        _VALUE_AND_GRAD[fun] = jax.jit(jax.value_and_grad(fun))
    return _VALUE_AND_GRAD[fun]


class SharedMinimize:
    def __init__(self, fun, maxiter=3):
        self.maxiter = maxiter
        self._value_and_grad = shared_value_and_grad(fun)

    def run(self, x0):
        x = x0
        for _ in range(self.maxiter):
            value, grad = self._value_and_grad(x)
            x = jnp.clip(x + 0.1 * grad, -100.0, 100.0)
        return x


def solve_many_shared(n):
    _VALUE_AND_GRAD.clear()
    return [SharedMinimize(fun=test).run(jnp.array(float(i))) for i in range(n)]


GROWS = [solve_many]
BOUNDED = [solve_many_shared]
