"""JG101 through Python's operators on objects: `a + b`, `c * obj`, `-obj`, `abs(obj)` run the
class's dunder (`__add__`, the reflected `__rmul__`, `__neg__`, `__abs__`) with the operands.

A JAX array (a tracer too) or a Python number times an object JAX does not know returns
NotImplemented from its own `__mul__`, so Python runs the object's `__rmul__` with the tracer as
`other` (JAX 0.10.2). Here it builds a `dict` subclass from a mapping of the traced weights, and
`dict.__init__` copies those items: the subclass's method iterating `self.items()` reads the
tracers, and `if weight < tol:` raises TracerBoolConversionError. `-obj` runs `__neg__` on the
instance built from a tracer, `abs(obj)` its `__abs__`. The legal forms keep every key and
choose the values with `jnp.where`, and test only what is static (the keys, the length).
"""

import jax
import jax.numpy as jnp

# --- must be flagged -------------------------------------------------------------------------


class Terms(dict):
    def __add__(self, other):
        out = Terms(self)
        for key, weight in other.items():
            out[key] = out.get(key, 0.0) + weight
        return out

    def pruned(self, tol=1e-6):
        kept = Terms()
        for key, weight in self.items():
            if abs(weight) < tol:  # expect: JG101
                continue
            kept[key] = weight
        return kept


class Basis:
    def __init__(self, label):
        self.label = label

    def __rmul__(self, weight):
        return Terms({self.label: weight})


@jax.jit
def combine(a, b):
    terms = a * Basis("u") + b * Basis("v")
    return sum(terms.pruned().values())


class Level:
    def __init__(self, height):
        self.height = height

    def __neg__(self):
        if self.height < 0:  # expect: JG101
            return Level(self.height)
        return Level(-self.height)

    def __abs__(self):
        return Level(self.height if self.height > 0 else -self.height)  # expect: JG101


@jax.jit
def lowered(h):
    return (-Level(h)).height


@jax.jit
def magnitude(h):
    return abs(Level(h)).height


# --- must not be flagged ---------------------------------------------------------------------


class Masked(dict):
    def zeroed(self, tol=1e-6):
        return {key: jnp.where(jnp.abs(w) < tol, 0.0, w) for key, w in self.items() if key != "skip"}


@jax.jit
def combine_masked(a, b):
    terms = Masked(a * Basis("u") + b * Basis("v"))
    if len(terms) > 1:  # the number of keys is static
        return sum(terms.zeroed().values())
    return a


class Depth:
    def __init__(self, value):
        self.value = value

    def __neg__(self):
        return Depth(jnp.where(self.value < 0, self.value, -self.value))

    def __abs__(self):
        return Depth(jnp.abs(self.value))


@jax.jit
def sunk(h):
    return (-Depth(h)).value + abs(Depth(h)).value


RAISES = [
    (lambda: combine(jnp.float32(1.0), jnp.float32(0.0)), "TracerBoolConversionError"),
    (lambda: lowered(jnp.float32(1.0)), "TracerBoolConversionError"),
    (lambda: magnitude(jnp.float32(1.0)), "TracerBoolConversionError"),
]

RUNS = [
    lambda: combine_masked(jnp.float32(1.0), jnp.float32(0.0)),
    lambda: sunk(jnp.float32(1.0)),
]
