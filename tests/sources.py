"""Small programs shared by the CLI-level tests: one JAX bug (JG101 at 6:8), and its fix."""

BUGGY = """\
import jax


@jax.jit
def f(x):
    if x > 0:
        return x
    return -x
"""

FIXED = """\
import jax
import jax.numpy as jnp


@jax.jit
def f(x):
    return jnp.where(x > 0, x, -x)
"""
