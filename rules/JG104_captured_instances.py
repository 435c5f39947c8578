"""JG104 in a method of an object a jitted closure captures from its enclosing function.

`def track(field, x0)` with `@jax.jit def run(x, t): return field.sample(x, t)` nested in it:
the nested function reads `field` as a closure cell, which holds the very object each call of
`track` passes (`track(Grid(ts), x0)`). Calling `field.sample(x, t)` in the trace runs
`Grid.sample` with the traced `x` and `t`, so `int(...)` of a value computed from `t` there
raises ConcretizationTypeError (JAX 0.10.2). The same holds when the cell holds a bound method
(`track(Grid(ts).sample, x0)`, called `sample(x, t)`): Python runs that method on that object.
A method reading only Python values of the object (its attributes, shapes) runs at trace time
and is legal.
"""

import jax
import jax.numpy as jnp


class Grid:
    def __init__(self, times, weights):
        self.times = times
        self.weights = {i: w for i, w in enumerate(weights)}

    def step_of(self, t):
        return jnp.searchsorted(jnp.asarray(self.times), t)

    def weight(self, t):
        return self.weights[int(self.step_of(t))]  # expect: JG104

    def sample(self, x, t):
        return x * self.weight(t)

    def width(self, x):
        return x * len(self.times)


# --- must be flagged -------------------------------------------------------------------------


def track(field, x0, t0):
    @jax.jit
    def run(x, t):
        return field.sample(x, t)

    return run(x0, t0)


def track_bound(sample, x0, t0):
    @jax.jit
    def run(x, t):
        return sample(x, t)

    return run(x0, t0)


def run_flagged():
    return track(Grid([0.0, 1.0], [2.0, 3.0]), jnp.ones(2), 0.5), track_bound(
        Grid([0.0, 1.0], [2.0, 3.0]).sample, jnp.ones(2), 0.5)


# --- must not be flagged ---------------------------------------------------------------------


def scale(grid, x0):
    @jax.jit
    def run(x):
        return grid.width(x)

    return run(x0)


def run_legal():
    return scale(Grid([0.0, 1.0], [2.0, 3.0]), jnp.ones(2))


RAISES = [
    (lambda: track(Grid([0.0, 1.0], [2.0, 3.0]), jnp.ones(2), 0.5), "ConcretizationTypeError"),
    (lambda: track_bound(Grid([0.0, 1.0], [2.0, 3.0]).sample, jnp.ones(2), 0.5), "ConcretizationTypeError"),
]

RUNS = [
    lambda: scale(Grid([0.0, 1.0], [2.0, 3.0]), jnp.ones(2)),
]
