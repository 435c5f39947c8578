# Report: jax-ml/jax#4585 https://github.com/jax-ml/jax/issues/4585
# Class: 4 (NumPy and Python on traced values, deeper: one-argument where is nonzero)
# Rule: JG105
# Reduced: "Is it possible to make nonzero jittable": the user wants the location of the
# (unique) maximum, `jnp.where(a == jnp.max(a))`, inside a jitted function; one-argument
# `where` is `nonzero`, whose output size depends on the values, so under jit it raises
# ConcretizationTypeError (size must be static). The thread's own workaround:
# `jnp.unravel_index(jnp.argmax(a.flatten()), a.shape)`.
import jax.numpy as jnp
from jax import jit


# --- must be flagged ---


@jit
def max_location(a):
    return jnp.where(a == jnp.max(a))  # expect: JG105


def bug():
    return max_location(jnp.arange(3))


# --- must not be flagged ---


@jit
def max_location_argmax(a):
    return jnp.unravel_index(jnp.argmax(a.flatten()), a.shape)


def fixed():
    return max_location_argmax(jnp.arange(3))


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
