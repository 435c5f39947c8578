"""JG104 through a function an object stores, and through the leaves of a tuple `jax.vmap` maps.

`self.residual = residual` in `__init__` holds what the constructor was given: when every
construction in sight passes one function of the module (`Solver(residual=gap)`), `self.residual(x,
*args)` in a method runs that function with those arguments, in the caller's trace. And `jax.vmap`
with its default `in_axes=0` maps every leaf of a tuple it is given, so `lo, hi = pair` in the
mapped function are BatchTracers (a Python number there cannot be mapped at all); with the tuple
at an `in_axes` entry of `None` they stay the arrays passed. A NumPy conversion of a value
computed from them raises TracerArrayConversionError (checked under JAX 0.10.2), as SciPy's
callbacks do when a solver is vmapped.
"""

import jax
import jax.numpy as jnp
import numpy as onp


def gap(x, target):
    return x - target


def double(x):
    return 2.0 * x


# --- must be flagged -------------------------------------------------------------------------


class Solver:
    def __init__(self, residual):
        self.residual = residual

    def value(self, x, *args):
        return onp.asarray(self.residual(x, *args))  # expect: JG104


SOLVER = Solver(residual=gap)


def distance(target):
    return SOLVER.value(onp.zeros(3), target)


def crashes_solver():
    return jax.vmap(distance)(jnp.ones((2, 3)))


def spread(pair):
    lo, hi = pair
    return onp.asarray(hi - lo)  # expect: JG104


PAIRS = (jnp.zeros((2, 3)), jnp.ones((2, 3)))


def crashes_pairs():
    return jax.vmap(spread)(PAIRS)


# --- must not be flagged ---------------------------------------------------------------------


class Projector:
    def __init__(self, scale):
        self.scale = scale

    def project(self, x, weight):
        return jnp.sum(onp.asarray(self.scale(x))) * weight  # `x` is NumPy: so is what `double` returns


PROJECTOR = Projector(scale=double)


def projected(weight):
    return PROJECTOR.project(onp.ones(3), weight)


def spread_shared(pair, weight):
    lo, hi = pair
    return jnp.sum(onp.asarray(hi - lo)) * weight  # `pair` is not mapped: two concrete arrays


def runs():
    weights = jnp.arange(2.0)
    return jax.vmap(projected)(weights), jax.vmap(spread_shared, in_axes=(None, 0))(PAIRS, weights)


RAISES = [(crashes_solver, "TracerArrayConversionError"), (crashes_pairs, "TracerArrayConversionError")]
RUNS = [runs]
