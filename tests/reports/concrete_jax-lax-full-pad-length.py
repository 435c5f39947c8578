# Report: jax-ml/jax#204 https://github.com/jax-ml/jax/issues/204
# Class: 2 (arguments JAX needs static: the shape of `lax.full`)
# Rule: JG105
# Reduced: the function pads a row into a `(pad_to_length, width)` array with
# `lax.full`; jitted, `pad_to_length` is traced. Fix: `static_argnums=1`.
import functools

import jax
import jax.numpy as jnp
import numpy as onp
from jax import jit, lax

# --- must be flagged ---


def dynamic_update_slice_test(first_row, pad_to_length):
    width = first_row.shape[0]
    empty_array = lax.full((pad_to_length, width), 0, first_row.dtype)  # expect: JG105
    first_row_reshaped = jnp.reshape(first_row, (1, width))
    return lax.dynamic_update_slice(empty_array, first_row_reshaped, (0, 0))


def bug():
    return jit(dynamic_update_slice_test)(onp.array([1, 2]), 4)


# --- must not be flagged ---


def fixed():
    return jit(dynamic_update_slice_test, static_argnums=1)(onp.array([1, 2]), 4)


RAISES = [(bug, "TypeError")]
RUNS = [fixed]
