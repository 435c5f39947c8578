# Report: GalSim-developers/JAX-GalSim#37 https://github.com/GalSim-developers/JAX-GalSim/issues/37
# Class: 1 (a class built in traced code: its __init__ validates the values it is given)
# Rule: JG104
# Reduced: GalSim's `BoundsI.__init__` checks `self.xmin != int(self.xmin) or ...` and raises
# TypeError for non-integers; in JAX-GalSim the bounds are built inside jitted and vmapped code, so
# `int()` meets a tracer ("in the `Bounds` class we had to get rid of code from Galsim"). The
# class is reduced to the check and one method. Fix (JAX-GalSim's): drop the value check.
import jax
import jax.numpy as jnp

# --- must be flagged ---


class BoundsI:
    def __init__(self, xmin, xmax, ymin, ymax):
        self.xmin, self.xmax, self.ymin, self.ymax = xmin, xmax, ymin, ymax
        if (self.xmin != int(self.xmin) or self.xmax != int(self.xmax) or  # expect: JG104
                self.ymin != int(self.ymin) or self.ymax != int(self.ymax)):
            raise TypeError("BoundsI must be initialized with integer values")

    def area(self):
        return (self.xmax - self.xmin + 1) * (self.ymax - self.ymin + 1)


@jax.jit
def stamp_area(xmin, xmax, ymin, ymax):
    return BoundsI(xmin, xmax, ymin, ymax).area()


def bug():
    return stamp_area(jnp.int32(1), jnp.int32(32), jnp.int32(1), jnp.int32(32))


# --- must not be flagged ---


class BoundsIJax:
    def __init__(self, xmin, xmax, ymin, ymax):
        self.xmin, self.xmax, self.ymin, self.ymax = xmin, xmax, ymin, ymax

    def area(self):
        return (self.xmax - self.xmin + 1) * (self.ymax - self.ymin + 1)


@jax.jit
def stamp_area_jax(xmin, xmax, ymin, ymax):
    return BoundsIJax(xmin, xmax, ymin, ymax).area()


def fixed():
    return stamp_area_jax(jnp.int32(1), jnp.int32(32), jnp.int32(1), jnp.int32(32))


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
