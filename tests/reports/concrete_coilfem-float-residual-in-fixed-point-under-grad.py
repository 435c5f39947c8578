# Report: https://github.com/lankef/coil-fem (src/coil_fem/coupling/drivers.py, and the repository's code-review note, "A1 — `jax.grad` through `solve_staggered` raises": "=== grad through staggered === / ConcretizationTypeError: ... The problem arose with the `float` function." / "The failure is in the convergence check ... res = float(jnp.max(jnp.abs(delta)))")
# Class: 4 (NumPy and Python on traced values, deeper: a Python convergence loop inside a function that is differentiated)
# Rule: JG104
# Reduced: `solve_staggered` couples the coil solves and the support solve by a block
# Gauss-Seidel fixed point written as a Python loop (`_run_iterations`, with Aitken relaxation)
# whose convergence test is `res = float(jnp.max(jnp.abs(delta)))`. The forward pass runs; the
# shape optimizer takes `jax.grad` of an objective of the coupled solution, the iterates then
# carry JVP tracers, and `float(...)` raises ConcretizationTypeError ("the existing test suite
# does not catch this because ... a mock support whose `solve` returns a constant"). Here the sweep
# is a linear contraction of the support displacement driven by the coil parameters, and the
# Aitken step is dropped. Fix: the fixed point as a `lax.while_loop` whose residual test stays an
# array.
import jax
import jax.numpy as jnp


def _sweep_full(theta, u_s):
    return 0.5 * jnp.tanh(u_s) + 0.1 * theta


# --- must be flagged ---


def solve_staggered(theta, max_iters=50, atol=1e-10):
    def _run_iterations(u_s0):
        u_s = u_s0
        for _ in range(max_iters):
            delta = _sweep_full(theta, u_s) - u_s
            res = float(jnp.max(jnp.abs(delta)))  # expect: JG104
            u_s = u_s + delta
            if res < atol:
                break
        return u_s

    return _run_iterations(jnp.zeros_like(theta))


def objective(theta):
    return jnp.sum(solve_staggered(theta) ** 2)


# --- must not be flagged ---


def solve_staggered_traced(theta, max_iters=50, atol=1e-10):
    def cond(state):
        k, _, res = state
        return (k < max_iters) & (res >= atol)

    def body(state):
        k, u_s, _ = state
        delta = _sweep_full(theta, u_s) - u_s
        return k + 1, u_s + delta, jnp.max(jnp.abs(delta))

    start = (0, jnp.zeros_like(theta), jnp.asarray(jnp.inf, dtype=theta.dtype))
    return jax.lax.while_loop(cond, body, start)[1]


def objective_traced(theta):
    return jnp.sum(solve_staggered_traced(theta) ** 2)


RAISES = [(lambda: jax.grad(objective)(jnp.array([1.0, -2.0, 0.5])), "ConcretizationTypeError")]
RUNS = [
    lambda: objective(jnp.array([1.0, -2.0, 0.5])),
    lambda: jax.jvp(objective_traced, (jnp.array([1.0, -2.0, 0.5]),), (jnp.ones(3),)),
]
