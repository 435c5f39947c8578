"""JG104 through an array-module parameter filled with a module chosen at run time.

Code written for NumPy and JAX alike passes the module it works with (`xp=jnp if use_jax else
np`, or a property returning that, `sim._xp`). Under `jax.jit` a traced value stays traced
through that module either way: `jnp` keeps tracers, and NumPy would raise at that very call.
So a helper further down that hardcodes `np.abs` on the result converts a tracer
(TracerArrayConversionError, JAX 0.10.2; PyAutoArray#420). Legal: the helper takes the module
too, or the module chosen is used for every call.
"""

import jax
import jax.numpy as jnp
import numpy as np

USE_JAX = True


class Backend:
    def __init__(self, use_jax):
        self.use_jax = use_jax

    @property
    def xp(self):
        return jnp if self.use_jax else np


BACKEND = Backend(True)


def magnitude(v):
    return np.sqrt(v * v)  # expect: JG104


def rescale(x, xp=np):
    return magnitude(xp.asarray(x) * 2.0)


def rescale_threaded(x, xp=np):
    v = xp.asarray(x) * 2.0
    return xp.sqrt(v * v)


# --- must be flagged -------------------------------------------------------------------------


@jax.jit
def run_flag(x):
    return rescale(x, xp=jnp if USE_JAX else np)


@jax.jit
def run_property(x):
    return rescale(x, xp=BACKEND.xp)


# --- must not be flagged ---------------------------------------------------------------------


@jax.jit
def run_threaded(x):
    return rescale_threaded(x, xp=BACKEND.xp) + rescale_threaded(x, xp=jnp if USE_JAX else np)


def run_eager(x):
    return rescale(np.asarray(x), xp=np)


RAISES = [(lambda: run_flag(jnp.ones(3)), "TracerArrayConversionError"),
          (lambda: run_property(jnp.ones(3)), "TracerArrayConversionError")]
RUNS = [lambda: run_threaded(jnp.ones(3)), lambda: run_eager(np.ones(3))]
