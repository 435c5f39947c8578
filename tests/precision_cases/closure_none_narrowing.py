"""A free variable that an early exit rules out being None wherever the nested function is staged.

The enclosing function tests its parameter (directly or through an alias, `prev = state`) with
`if prev is None: return <Python-level call>` (or `raise`) and never rebinds it; only after that
does it stage the nested function (passed to `lax.cond`, through a `functools.partial` rebinding of
the same name, or to `jax.jit`). So in every staged trace the nested function sees the parameter
not None, and its `if state is None:` branch, which computes a jnp value and hands it to NumPy
code, does not run there. The Python-level call (the first build) runs on concrete arrays.

Seen as: jax-md `neighbor_list_fn`: `nbrs = neighbors; if nbrs is None: return neighbor_fn(...)`
before `lax.cond(..., partial(neighbor_fn, ...), ...)`, whose `if neighbors is None:` branch
builds a cell list from `jnp.min(box)` with NumPy.
"""

import functools
from typing import NamedTuple

import numpy as np

import jax
import jax.numpy as jnp
from jax import lax


class Grid(NamedTuple):
    bins: int
    capacity: int
    limit: float


def _cell_size(box, cutoff):
    return cutoff / jnp.min(box)  # a tracer when staged


def _bins_per_side(size):
    return int(np.floor(1.0 / size))  # NumPy bookkeeping: needs a concrete value


def make_grid(box, cutoff):
    def build(points, grid=None):
        def rebuild(points, capacity=None):
            if grid is None:
                size = _cell_size(box, cutoff)
                if jnp.all(size < 0.5):
                    bins = _bins_per_side(size)
                else:
                    bins = 1
            else:
                bins = grid.bins
            if capacity is None:
                capacity = points.shape[0]
            return jnp.sum(points[:capacity]) * bins

        prev = grid
        if prev is None:
            return rebuild(points)  # Python level, on concrete values

        rebuild = functools.partial(rebuild, capacity=prev.capacity)
        return lax.cond(jnp.any(points > prev.limit), rebuild, lambda p: jnp.sum(p) * 1.0, points)

    return build


def lookup_table(values, table=None):
    def lookup(x):
        if table is not None:
            return x * table[0]
        scale = np.asarray(jnp.max(values))  # needs a concrete value: never reached when staged
        return x * float(scale)

    if table is None:
        raise ValueError("build the table first")
    return jax.jit(lookup)(values)


def _run_grid():
    box = jnp.array([4.0, 5.0])
    build = make_grid(box, 1.0)
    points = jnp.linspace(0.0, 1.0, 6)
    first = build(points)  # the first build: Python level
    grid = Grid(bins=4, capacity=4, limit=0.5)
    return first, jax.jit(lambda p: build(p, grid))(points)


RUNS = [
    _run_grid,
    lambda: lookup_table(jnp.arange(3.0), (2.0,)),
]
