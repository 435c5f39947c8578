"""JG203 unhashable-static, static arguments whose `__eq__` computes with JAX: examples that must
and must not be flagged.

A jitted function compares a static argument with the cached one of the same hash by `__eq__` and
needs a Python bool. From traced code, that comparison runs inside the enclosing trace, where a
`jnp` result (even of concrete arrays) is a tracer: an equal but new instance raises ValueError
("static arguments should be comparable using __eq__"). Outside a trace, or with an `__eq__` that
computes with NumPy, or with the very same object passed again, it runs.
"""

import dataclasses
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


class Grid:
    def __init__(self, spacing):
        self.spacing = jnp.array(spacing, dtype=float)

    def __hash__(self):
        return hash(tuple(np.asarray(self.spacing).tolist()))

    def __eq__(self, other):
        return isinstance(other, Grid) and jnp.allclose(self.spacing, other.spacing)


@dataclasses.dataclass(eq=False)
class Weights:
    values: jax.Array

    def __hash__(self):
        return 1

    def __eq__(self, other):
        return (self.values == other.values).all()


class NumpyGrid:
    def __init__(self, spacing):
        self.spacing = np.array(spacing, dtype=float)

    def __hash__(self):
        return hash(tuple(self.spacing.tolist()))

    def __eq__(self, other):
        return isinstance(other, NumpyGrid) and bool(np.allclose(self.spacing, other.spacing))


@partial(jax.jit, static_argnames=("grid",))
def laplacian(u, grid):
    return (jnp.roll(u, 1) - 2 * u + jnp.roll(u, -1)) / grid.spacing[0] ** 2


@partial(jax.jit, static_argnames=("w",))
def weighted(u, w):
    return u * w.values


def make_solver(grid):
    @jax.jit
    def solve(u):
        for _ in range(2):
            u = u + 0.1 * laplacian(u, grid=grid)  # expect: JG203
        return u

    return solve


@partial(jax.jit, static_argnames=("w", "k"))
def outer(u, w, k):
    return weighted(u, w) * k  # expect: JG203


# --- must be flagged -------------------------------------------------------------------------


def rebuilt_per_trial(u):
    first = make_solver(Grid([1.0]))(u)
    return make_solver(Grid([1.0]))(first)  # an equal new grid: compared inside `solve`


def equal_new_instance_in_a_trace(u):
    outer(u, Weights(jnp.ones(3)), 1)
    return outer(u, Weights(jnp.ones(3)), 2)  # `outer` traced again: `weighted` compares the two


# --- must not be flagged ---------------------------------------------------------------------


def make_numpy_solver(grid):
    @jax.jit
    def solve(u):
        return u + 0.1 * laplacian(u, grid=grid)

    return solve


def numpy_equality_in_a_trace(u):
    first = make_numpy_solver(NumpyGrid([1.0]))(u)
    return make_numpy_solver(NumpyGrid([1.0]))(first)


def jax_equality_outside_a_trace(u):
    a = laplacian(u, grid=Grid([1.0]))
    return a + laplacian(u, grid=Grid([1.0]))


RAISES = [
    (lambda: rebuilt_per_trial(jnp.ones(3)), "ValueError"),
    (lambda: equal_new_instance_in_a_trace(jnp.ones(3)), "ValueError"),
]

RUNS = [
    lambda: numpy_equality_in_a_trace(jnp.ones(3)),
    lambda: jax_equality_outside_a_trace(jnp.ones(3)),
]
