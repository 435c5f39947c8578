# Report: jax-ml/jax#7952 https://github.com/jax-ml/jax/pull/7952
# Class: 2 (arguments JAX needs static: a reduction axis passed as an argument)
# Rule: JG104
# Reduced: "Improve error message when passing a tuple of non-concrete values as an axis
# argument": the PR's test jits `h(x, y)` where `y` is used inside a tuple of reduction axes; the
# axis must be known when the function is traced, and the old message was a bare
# TracerIntegerConversionError. Here a normalisation helper sums over the axes it is given, the
# axis coming from an argument of the jitted function. Fix: mark the axis static.
from functools import partial

import jax
import jax.numpy as jnp


# --- must be flagged ---


@jax.jit
def normalize(x, axis):
    total = jnp.sum(x, axis=(axis,), keepdims=True)  # expect: JG104
    return x / total


def bug():
    return normalize(jnp.ones((2, 3)), 1)


# --- must not be flagged ---


@partial(jax.jit, static_argnums=1)
def normalize_static(x, axis):
    total = jnp.sum(x, axis=(axis,), keepdims=True)
    return x / total


def fixed():
    return normalize_static(jnp.ones((2, 3)), 1)


RAISES = [(bug, "TracerIntegerConversionError")]
RUNS = [fixed]
