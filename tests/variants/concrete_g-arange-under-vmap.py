# Variant of: tests/reports/concrete_jax-arange-of-argument.py
# Class: 2 (arguments JAX needs static: the stop of jnp.arange)
# Rule: JG105
# Axis: (g) the size is a vmapped argument (a batch tracer), not a jitted one.
import jax
import jax.numpy as jnp


def count_up(n, x):
    return x * jnp.arange(0, n, 1).sum()  # expect: JG105


# --- must be flagged ---


def bug():
    return jax.vmap(count_up)(jnp.array([3, 3]), jnp.ones(2))


# --- must not be flagged ---


def fixed():
    return jax.vmap(count_up, in_axes=(None, 0))(3, jnp.ones(2))


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
