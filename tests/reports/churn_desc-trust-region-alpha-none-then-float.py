# Report: PlasmaControl/DESC#1781 https://github.com/PlasmaControl/DESC/issues/1781
# Class: 6 (churn that comes from data: a traced parameter starts as None and becomes a float)
# Rule: JG304; the closest rule (scalar type churn), opt-in; here None, then a float array, at the same traced position
# Reduced: "Set default values as their final type for less compilation": "in trust region
# subproblem solvers, we pass `alpha=None`, then pass a value of float. This results in double
# compilation" (the issue's log: a jitted `f` compiles once for `None` and again for a number).
# Here a jitted trust-region subproblem takes the previous Levenberg parameter `alpha`, `None` on
# the first iteration, and returns the new one; the solver loop feeds it back. Fix (the issue's):
# start `alpha` as a value of its final type, a float array, so the first call matches the rest.
import jax
import jax.numpy as jnp

G = jnp.array([1.0, -2.0, 0.5])
H = jnp.diag(jnp.array([2.0, 1.0, 3.0]))


@jax.jit
def trust_region_step(g, h, radius, alpha):
    if alpha is None:
        alpha = jnp.zeros(())
    step = -jnp.linalg.solve(h + alpha * jnp.eye(g.shape[0]), g)
    new_alpha = jnp.maximum(0.0, alpha + jnp.linalg.norm(step) - radius)
    return step, new_alpha


# --- must be flagged ---


def solve(iters=4):
    alpha = None
    x = jnp.zeros(3)
    for _ in range(iters):
        step, alpha = trust_region_step(G, H, 0.5, alpha)  # expect: JG304
        x = x + step
    return x


# --- must not be flagged ---


def solve_typed(iters=4):
    alpha = jnp.zeros(())
    x = jnp.zeros(3)
    for _ in range(iters):
        step, alpha = trust_region_step(G, H, 0.5, alpha)
        x = x + step
    return x


COMPILES = [(solve, "trust_region_step", 2), (solve_typed, "trust_region_step", 1)]
