# Variant of: tests/reports/concrete_jax-arange-of-argument.py
# Class: 2 (arguments JAX needs static: the stop of jnp.arange)
# Rule: JG105
# Axis: (c) the traced size is stored as `self.n` by `__init__` of an object built in the jitted
# function, and read in a method.
import jax
import jax.numpy as jnp


class Grid:
    def __init__(self, n):
        self.n = n

    def points(self):
        return jnp.arange(0, self.n, 1)  # expect: JG105


# --- must be flagged ---


def grid_points(n):
    return Grid(n).points()


def bug():
    return jax.jit(grid_points)(5)


# --- must not be flagged ---


def fixed():
    return jax.jit(grid_points, static_argnums=0)(5)


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
