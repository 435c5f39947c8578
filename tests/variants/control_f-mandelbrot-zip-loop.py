# Variant of: tests/reports/control_jax-mandelbrot-vmap-if.py
# Class: 4 (Python control flow on traced values inside a Python loop, under vmap)
# Rule: JG101
# Axis: (f) the traced value is a loop variable of `for z, r in zip(...)` over a list built in the loop.
import jax
import jax.numpy as jnp


# --- must be flagged ---


def first_escape(c, radii):
    zs = []
    z = 0.0 * c
    for _ in radii:
        z = z * z + c
        zs.append(z)
    for i, (z, r) in enumerate(zip(zs, radii)):
        if jnp.abs(z) > r:  # expect: JG101
            return i
    return len(radii)


def bug():
    return jax.vmap(lambda c: first_escape(c, [2.0, 2.0, 2.0]))(jnp.full((4,), -0.75 + 0.1j))


# --- must not be flagged ---


def first_escape_where(c, radii):
    z = 0.0 * c
    count = len(radii)
    for i, r in enumerate(radii):
        z = z * z + c
        if r > 1.0:  # a Python float of the list: concrete
            count = jnp.where((count == len(radii)) & (jnp.abs(z) > r), i, count)
    return count


def fixed():
    return jax.vmap(lambda c: first_escape_where(c, [2.0, 2.0, 2.0]))(jnp.full((4,), -0.75 + 0.1j))


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
