# Variant of: tests/reports/concrete_jax-arange-of-argument.py
# Class: 2 (arguments JAX needs static: a size)
# Rule: JG105
# Axis: (e) the traced size reaches `jnp.zeros` through a `*shape` forwarding helper.
import jax
import jax.numpy as jnp


def buffer(*shape):
    return jnp.zeros(shape)  # expect: JG105


# --- must be flagged ---


def make(n, x):
    return buffer(n, 2) + x


def bug():
    return jax.jit(make)(3, 1.0)


# --- must not be flagged ---


def fixed():
    return jax.jit(make, static_argnums=0)(3, 1.0)


RAISES = [(bug, "TypeError")]
RUNS = [fixed]
