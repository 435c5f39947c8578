"""JG103 through objects: the getter of a property, and the key function of `sorted`/`min`/`max`.

`obj.prop` runs the property's getter with `self` the object: a NamedTuple built in a jitted
function from traced arrays holds tracers, so `not` on one of its fields in a getter raises where
the getter is. `sorted(xs, key=f)` calls `f` on each element and compares the results with `<`:
when `f` returns a tracer for one element of two or more, Python takes a tracer's truth value.
A getter that reads a shape, a Python field or `is None`, and a key that returns Python numbers,
stay in Python.
"""

import operator
from typing import NamedTuple, Optional

import jax
import jax.numpy as jnp

# --- must be flagged -------------------------------------------------------------------------


class Fit(NamedTuple):
    residual: jax.Array
    tol: float
    weights: Optional[jax.Array] = None

    @property
    def finite(self):
        return not jnp.isnan(self.residual).any()  # expect: JG103

    @property
    def rows(self):
        return self.residual.shape[0]  # a shape: a Python int

    @property
    def strict(self):
        return self.tol < 1e-2 and self.tol > 0.0  # a Python float field

    @property
    def weighted(self):
        return self.weights is not None  # an identity test: a Python bool


def fit_line(x, tol):
    return Fit(jnp.abs(x - x.mean()), tol)


@jax.jit
def quality(x):
    fit = fit_line(x, 1e-3)
    if fit.strict and not fit.weighted:
        return jnp.where(fit.finite, fit.rows, 0)
    return jnp.zeros((), jnp.int32)


class Shell:
    def __init__(self, radius, mass):
        self.radius = radius
        self.mass = mass


def outermost(shells):
    return sorted(shells, key=lambda s: s.radius)[-1]  # expect: JG103


def heaviest(a, b):
    return max(a, b, key=operator.attrgetter("mass"))  # expect: JG103


@jax.jit
def outer_mass(params):
    shells = [Shell(1.0, params[0]), Shell(params[1], params[2])]
    return outermost(shells).mass + heaviest(shells[0], shells[1]).radius


# --- must not be flagged ---------------------------------------------------------------------


class FitFixed(NamedTuple):
    residual: jax.Array
    tol: float

    @property
    def finite(self):
        return jnp.logical_not(jnp.isnan(self.residual).any())


@jax.jit
def quality_fixed(x):
    fit = FitFixed(jnp.abs(x - x.mean()), 1e-3)
    return jnp.where(fit.finite, x.shape[0], 0)


def innermost(shells):
    return sorted(shells, key=lambda s: s.radius)[0]


@jax.jit
def inner_mass(params):
    shells = [Shell(2.0, params[0]), Shell(1.0, params[1]), Shell(3.0, 0.5)]  # Python radii
    return innermost(shells).mass


@jax.jit
def longest_first(x, y):
    order = sorted([3, 1, 2], key=lambda n: -n)  # Python numbers
    first = max([x, y], key=lambda a: a.shape[0])  # shapes: Python ints
    return first * order[0]


RAISES = [
    (lambda: quality(jnp.arange(4.0)), "TracerBoolConversionError"),
    (lambda: outer_mass(jnp.array([0.5, 2.0, 1.5])), "TracerBoolConversionError"),
    (lambda: jax.jit(lambda p: heaviest(Shell(1.0, p[0]), Shell(2.0, p[1])).radius)(jnp.array([0.5, 2.0])),
     "TracerBoolConversionError"),
]

RUNS = [
    lambda: quality_fixed(jnp.arange(4.0)),
    lambda: inner_mass(jnp.array([0.5, 2.0])),
    lambda: longest_first(jnp.ones(3), jnp.ones(2)),
]
