# Report: jax-ml/jax#14279 https://github.com/jax-ml/jax/issues/14279
# Class: 2 (arguments JAX needs static: an array dimension passed as an argument)
# Rule: JG105
# Reduced: "improve error message when jit tracer is passed into a shape": a jitted function
# builds an array of shape `(8, n)` with `n` one of its arguments and gets "Shapes must be 1D
# sequences of concrete values of integer type, got (8, Traced<ShapedArray(int32[])>...)". Here
# `n` is the number of columns of a buffer of 8 running statistics. Fix (the message's):
# `static_argnums` for the size.
from functools import partial

import jax
import jax.numpy as jnp


# --- must be flagged ---


@jax.jit
def init_stats(scale, n):
    return scale * jnp.zeros((8, n))  # expect: JG105


def bug():
    return init_stats(1.0, 3)


# --- must not be flagged ---


@partial(jax.jit, static_argnums=1)
def init_stats_static(scale, n):
    return scale * jnp.zeros((8, n))


def fixed():
    return init_stats_static(1.0, 3)


RAISES = [(bug, "TypeError")]
RUNS = [fixed]
