"""JG104 through the instance a method returns (`track.shifted(d)` building `Track(self.points - d)`).

A method that builds a new instance of its class (`return Track(self.points - offset)`)
hands back an object of that class: a method called on the result (`.spread()`) is that class's
method, run with `self` the new object, whose fields hold what the construction gave them (a
tracer where the offset is traced) and whose array module is the one the construction gave (left
at its default, NumPy). `np.square` of those tracers raises TracerArrayConversionError under
`jax.jit` (JAX 0.10.2), whether the method is called on a module-level instance or on one built
in the jitted function; passing the module on (`xp=self._xp`) runs jax.numpy.
"""

import jax
import jax.numpy as jnp
import numpy as np

# --- must be flagged -------------------------------------------------------------------------


class Track:
    def __init__(self, points, *, xp=np):
        self._xp = xp
        self.points = points

    def spread(self):
        xp = self._xp
        return xp.square(self.points).sum()  # expect: JG104

    def shifted(self, offset):
        return Track(self.points - offset)


ORIGIN_TRACK = Track(jnp.zeros(3), xp=jnp)


@jax.jit
def shifted_spread(offset):
    moved = ORIGIN_TRACK.shifted(offset)
    return moved.spread()


# --- must not be flagged ---------------------------------------------------------------------


class Path:
    def __init__(self, points, *, xp=np):
        self._xp = xp
        self.points = points

    def spread(self):
        return self._xp.square(self.points).sum()

    def shifted(self, offset):
        return Path(self.points - offset, xp=self._xp)


@jax.jit
def path_spread(points, offset):
    return Path(points, xp=jnp).shifted(offset).spread()


def host_spread():
    return Path(np.arange(3.0)).shifted(1.0).spread()


RAISES = [(lambda: shifted_spread(jnp.ones(3)), "TracerArrayConversionError")]

RUNS = [lambda: path_spread(jnp.ones(3), jnp.ones(3)), host_spread]
