"""JG104 through an array module an object stores (`self._xp = xp`, `xp=np` by default).

A class written for NumPy and JAX alike keeps the module it was built with; an instance built in
traced code without `xp=` holds NumPy, and `self._xp.square(self.values)` on its traced values
raises TracerArrayConversionError (JAX 0.10.2). The module is the one the constructions made in
traced code give; an instance built there with `xp=jnp` runs jax.numpy.
"""

import jax
import jax.numpy as jnp
import numpy as np

# --- must be flagged -------------------------------------------------------------------------


class Samples:
    def __init__(self, values, xp=np):
        self.values = values
        self._xp = xp

    def energy(self):
        xp = self._xp
        return xp.square(self.values).sum()  # expect: JG104


@jax.jit
def sample_energy(x):
    return Samples(2.0 * x).energy()


# --- must not be flagged ---------------------------------------------------------------------


class Readings:
    def __init__(self, values, xp=np):
        self.values = values
        self._xp = xp

    def energy(self):
        return self._xp.square(self.values).sum()


@jax.jit
def reading_energy(x):
    return Readings(2.0 * x, xp=jnp).energy()


def host_energy():
    return Readings(np.arange(3.0)).energy()


RAISES = [(lambda: sample_energy(jnp.ones(3)), "TracerArrayConversionError")]

RUNS = [lambda: reading_energy(jnp.ones(3)), host_energy]
