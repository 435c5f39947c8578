"""JG103/JG101 in methods of objects a classmethod builds in traced code with `cls(...)`.

A classmethod factory called from jitted code runs there; `cls(...)` builds its class (when no
class derives from it, whichever way the factory is called), running `__init__` on the values it
is given, so an attribute stored from a traced value is a tracer and a method asserting on it or
branching on it fails (TracerBoolConversionError, JAX 0.10.2). An `equinox.Module` with its own
`__init__` stores attributes as a plain class does (a frozen dataclass: no other method rebinds a
field). Attributes computed from static values (a length, the keys of a dict) are Python values.
"""

import equinox as eqx
import jax
import jax.numpy as jnp

# --- must be flagged -------------------------------------------------------------------------


class Coefficients(eqx.Module):
    data: dict
    degree: int = eqx.field(static=True)

    def __init__(self, data):
        self.data = dict(data)
        self.degree = len(data) - 1

    def normalize(self):
        assert self.data[0] != 0.0, "the constant term must not be zero"  # expect: JG103
        return Coefficients({k: v / self.data[0] for k, v in self.data.items()})

    @classmethod
    def from_dense(cls, y):
        data = {}
        for i, value in enumerate(y):
            data[i] = value
        return cls(data).normalize()


class Window:
    def __init__(self, lo, hi):
        self.lo = lo
        self.hi = hi

    def checked(self):
        if self.lo > self.hi:  # expect: JG101
            raise ValueError("empty window")
        return self

    @classmethod
    def around(cls, center, width):
        window = cls(center - width, center + width)
        return window.checked()


@jax.jit
def normalized_series(y):
    return Coefficients.from_dense(y).data[1]


@jax.jit
def window_width(center, width):
    w = Window.around(center, width)
    return w.hi - w.lo


def normalize_traced():
    return normalized_series(jnp.array([1.0, 2.0, 3.0]))


def window_traced():
    return window_width(1.0, 0.5)


# --- must not be flagged ---------------------------------------------------------------------


class Polynomial(eqx.Module):
    data: dict
    degree: int = eqx.field(static=True)

    def __init__(self, data):
        self.data = dict(data)
        self.degree = len(data) - 1

    def normalize(self):
        assert self.degree >= 0, "no coefficients"  # a Python int: the number of entries
        return Polynomial({k: v / self.data[0] for k, v in self.data.items()})

    @classmethod
    def from_dense(cls, y):
        data = {}
        for i, value in enumerate(y):
            data[i] = value
        return cls(data).normalize()


@jax.jit
def normalized_polynomial(y):
    return Polynomial.from_dense(y).data[1]


def normalize_checked_degree():
    return normalized_polynomial(jnp.array([1.0, 2.0, 3.0]))


RAISES = [(normalize_traced, "TracerBoolConversionError"), (window_traced, "TracerBoolConversionError")]
RUNS = [normalize_checked_degree]
