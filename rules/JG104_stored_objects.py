"""JG104 through an object stored from a constructor's parameter (`self.codec = codec`).

A transform passes the arguments it does not transform unchanged: `jax.grad(f, argnums=1)(pipe,
x)` hands `f` the very `pipe` object, whose attribute `codec` is the object its construction was
given. `pipe.run(x)` calling `self.codec.encode(x)` runs the `encode` of that object's class, on
the traced `x`: `np.asarray` there raises TracerArrayConversionError (JAX 0.10.2). Which class it
is belongs to the value, not to `Pipeline`: an instance built with a NumPy codec and used only
eagerly is fine, so is the same pipeline built with a jax.numpy codec under the transform.
"""

import jax
import jax.numpy as jnp
import numpy as np

# --- must be flagged -------------------------------------------------------------------------


class NumpyCodec:
    def encode(self, signal):
        return np.asarray(signal).cumsum()  # expect: JG104


class Pipeline:
    def __init__(self, codec, *, gain=2.0):
        self.gain = gain
        self.codec = codec

    def run(self, signal):
        encoded = self.codec.encode(signal)
        return self.gain * encoded


def energy(pipe, signal):
    return (pipe.run(signal) ** 2).sum()


def grad_energy():
    pipe = Pipeline(NumpyCodec())
    return jax.grad(energy, argnums=1)(pipe, jnp.linspace(0.0, 1.0, 4))


# --- must not be flagged ---------------------------------------------------------------------


class JaxCodec:
    def encode(self, signal):
        return jnp.cumsum(signal)


def grad_energy_jax():
    pipe = Pipeline(JaxCodec())
    return jax.grad(energy, argnums=1)(pipe, jnp.linspace(0.0, 1.0, 4))


def host_energy():
    return Pipeline(NumpyCodec(), gain=0.5).run(np.linspace(0.0, 1.0, 4))


RAISES = [(grad_energy, "TracerArrayConversionError")]

RUNS = [grad_energy_jax, host_energy]
