# Report: CMSL-HKUST/jax-am#12 https://github.com/CMSL-HKUST/jax-am/issues/12
# Class: 4 (NumPy and Python on traced values, deeper: NumPy inside an objective a solver jits)
# Rule: JG104
# Reduced: "Compatibility issue with jaxopt": a topology-optimization objective driven by a jaxopt
# solver (`params, opt_state = solver.update(params=params, state=opt_state)`) fails in
# `numpy/core/shape_base.py ... vstack -> atleast_2d -> asanyarray` with TracerArrayConversionError
# on a `float64[90,4,2]` tracer (per-cell data of the quadrilateral mesh): the finite-element code
# stacks it with NumPy, and jaxopt traces the objective under jit. Here the solver is a jitted
# gradient step and the objective integrates a density over quadrilateral cells whose corners move
# with the design (the thread does not show which array it is). Fix: stack with `jax.numpy`.
import jax
import jax.numpy as jnp
import numpy as onp

BASE_POINTS = jnp.array(onp.random.default_rng(0).uniform(size=(6, 4, 2)))

# --- must be flagged ---


def cell_areas(cell_points):
    pts = onp.vstack(cell_points)  # expect: JG104
    x, y = pts[:, 0].reshape(-1, 4), pts[:, 1].reshape(-1, 4)
    return 0.5 * jnp.abs(jnp.sum(x * jnp.roll(y, -1, axis=1) - jnp.roll(x, -1, axis=1) * y, axis=1))


def objective(rho):
    cell_points = BASE_POINTS * (1.0 + 0.1 * rho[:, None, None])
    return jnp.sum(rho * cell_areas(cell_points))


@jax.jit
def update(params):
    return params - 0.1 * jax.grad(objective)(params)


def bug():
    return update(jnp.ones(6))


# --- must not be flagged ---


def cell_areas_jnp(cell_points):
    pts = jnp.vstack(cell_points)
    x, y = pts[:, 0].reshape(-1, 4), pts[:, 1].reshape(-1, 4)
    return 0.5 * jnp.abs(jnp.sum(x * jnp.roll(y, -1, axis=1) - jnp.roll(x, -1, axis=1) * y, axis=1))


def objective_jnp(rho):
    cell_points = BASE_POINTS * (1.0 + 0.1 * rho[:, None, None])
    return jnp.sum(rho * cell_areas_jnp(cell_points))


@jax.jit
def update_jnp(params):
    return params - 0.1 * jax.grad(objective_jnp)(params)


def fixed():
    return update_jnp(jnp.ones(6))


RAISES = [(bug, "TracerArrayConversionError")]
RUNS = [fixed]
