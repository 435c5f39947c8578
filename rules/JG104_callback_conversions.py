"""JG104 on a SciPy or NumPy routine in staged code that calls a function returning JAX values.

`scipy.integrate.quad(f, a, b)`, `scipy.optimize.brentq(f, a, b)`, `minimize(f, x0)`, `odeint`,
`np.apply_along_axis`, ...: the routine calls `f` with Python floats or NumPy arrays and converts
each result to a number. Inside staged code (a jitted function and what it calls) every
jax.numpy/lax operation gives a tracer, even of Python constants, so a function computing with
`jnp` hands back a tracer there, and the conversion raises (ConcretizationTypeError,
TracerArrayConversionError; JAX 0.10.2). Which routines do this is found by running each under jit
with a function returning a NumPy value (it runs) and a JAX value (it raises):
`jaxsig.CALLBACK_CONVERSIONS`. The same routine called outside jit, or with a NumPy function, runs.
"""

import jax
import jax.numpy as jnp
import numpy as np
from scipy.integrate import quad
from scipy.optimize import brentq


def density(z):
    return 2.0 * jnp.exp(-z)


def density_np(z):
    return 2.0 * np.exp(-z)


# --- must be flagged -------------------------------------------------------------------------


@jax.jit
def normalised(x):
    return x / quad(density, 0.0, 1.0)[0]  # expect: JG104


def normalised_in_jit():
    return normalised(jnp.float32(1.0))


@jax.jit
def crossing(x):
    return x * brentq(lambda z: jnp.tanh(z) - 0.5, 0.0, 2.0)  # expect: JG104


def crossing_in_jit():
    return crossing(jnp.float32(1.0))


# --- must not be flagged ---------------------------------------------------------------------


@jax.jit
def normalised_np(x):
    return x / quad(density_np, 0.0, 1.0)[0]


def normalised_np_in_jit():
    return normalised_np(jnp.float32(1.0))


TOTAL = quad(density, 0.0, 1.0)[0]  # eager: the JAX value is concrete


@jax.jit
def normalised_outside(x):
    return x / TOTAL


def normalised_outside_in_jit():
    return normalised_outside(jnp.float32(1.0))


def under_grad_only():
    return jax.grad(lambda w: w * quad(density, 0.0, 1.0)[0])(1.0)


RAISES = [(normalised_in_jit, "ConcretizationTypeError"), (crossing_in_jit, "TracerArrayConversionError")]
RUNS = [normalised_np_in_jit, normalised_outside_in_jit, under_grad_only]
