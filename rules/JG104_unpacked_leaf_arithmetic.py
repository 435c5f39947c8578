"""JG104 on arithmetic of an element unpacked from a traced argument.

`e, a, b = params` in a jitted function gives the leaves (or sub-trees) of a traced argument:
each is a tracer, a container of tracers or None. `-`, `/`, `//`, `%`, `**` and `@` are not
defined for a tuple, a list, a dict or None, so `(1 - e) / (1 + e)` is either a TypeError or a
traced array; NumPy then converts it and raises TracerArrayConversionError (JAX 0.10.2), here in
the constructor of a profile built from the unpacked values. The same values in jax.numpy, or
their shapes, are fine.
"""

import jax
import jax.numpy as jnp
import numpy as np

# --- must be flagged -------------------------------------------------------------------------


class Ellipse:
    def __init__(self, ellipticity, angle):
        self.axis_ratio = np.sqrt((1 - ellipticity) / (1 + ellipticity))  # expect: JG104
        self.angle = angle


@jax.jit
def axis_ratio(params):
    ellipticity, angle = params
    return Ellipse(ellipticity, angle).axis_ratio


# --- must not be flagged ---------------------------------------------------------------------


class JaxEllipse:
    def __init__(self, ellipticity, angle):
        self.axis_ratio = jnp.sqrt((1 - ellipticity) / (1 + ellipticity))
        self.angle = angle


@jax.jit
def jax_axis_ratio(params):
    ellipticity, angle = params
    return JaxEllipse(ellipticity, angle).axis_ratio


@jax.jit
def rows_times_two(pair):
    first, second = pair
    return np.zeros(np.shape(first)) + 2 * second


RAISES = [(lambda: axis_ratio(jnp.array([0.2, 30.0])), "TracerArrayConversionError")]

RUNS = [lambda: jax_axis_ratio(jnp.array([0.2, 30.0])), lambda: rows_times_two((jnp.ones(3), jnp.ones(3)))]
