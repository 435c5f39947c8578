# Report: jax-ml/jax#21824 https://github.com/jax-ml/jax/issues/21824
# Class: 4 (Python on traced values, deeper: hashing a tracer)
# Rule: JG104
# Reduced: "Tracers are now hashable": `jax.jit(hash)(1)` returned a value on JAX 0.4.9 to
# 0.4.29, so tracers did not behave like arrays (which are unhashable) and code that hashed a
# traced value silently used its identity; hashing a tracer was then deprecated and is an error
# again ("unhashable type: 'DynamicJaxprTracer'", jax#24722). Here a jitted function looks up a
# table of polynomial coefficients keyed by its argument: the dict lookup hashes the key, which
# is a tracer. Fix: make the key a static argument (a Python int, hashed before tracing).
from functools import partial

import jax
import jax.numpy as jnp

COEFFS = {1: (1.0, 0.0), 2: (0.5, 1.0, 0.0), 3: (1.0 / 6.0, 0.5, 1.0, 0.0)}


# --- must be flagged ---


@jax.jit
def taylor(x, order):
    c = jnp.asarray(COEFFS[order])  # expect: JG104
    return jnp.polyval(c, x)


def bug():
    return taylor(jnp.linspace(0.0, 1.0, 5), 2)


# --- must not be flagged ---


@partial(jax.jit, static_argnames=("order",))
def taylor_static(x, order):
    c = jnp.asarray(COEFFS[order])
    return jnp.polyval(c, x)


def fixed():
    return taylor_static(jnp.linspace(0.0, 1.0, 5), order=2)


RAISES = [(bug, "TypeError")]
RUNS = [fixed]
