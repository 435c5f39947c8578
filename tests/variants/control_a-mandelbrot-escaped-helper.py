# Variant of: tests/reports/control_jax-mandelbrot-vmap-if.py
# Class: 4 (Python control flow on traced values inside a Python loop, under vmap)
# Rule: JG101
# Axis: (a) the condition is the return value of a helper (`escaped(z)`), not an inline comparison.
import jax
import jax.numpy as jnp
from jax import lax


def escaped(z, radius=2.0):
    return jnp.abs(z) > radius


# --- must be flagged ---


def mandel(c, max_iter):
    z = 0.0 * c
    for i in range(max_iter):
        z = z * z + c
        if escaped(z):  # expect: JG101
            return i
    return max_iter


def bug():
    return jax.vmap(mandel, in_axes=(0, None))(jnp.full((4,), -0.75 + 0.1j), 10)


# --- must not be flagged ---


def mandel_where(c, max_iter):
    def body(i, carry):
        z, count = carry
        z = z * z + c
        count = jnp.where((count == max_iter) & escaped(z), i, count)
        return z, count

    return lax.fori_loop(0, max_iter, body, (0.0 * c, max_iter))[1]


def fixed():
    return jax.vmap(mandel_where, in_axes=(0, None))(jnp.full((4,), -0.75 + 0.1j), 10)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
