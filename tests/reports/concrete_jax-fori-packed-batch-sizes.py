# Report: jax-ml/jax#2323 https://github.com/jax-ml/jax/issues/2323
# Class: 1 (values inside containers: a field of a packed-sequence NamedTuple, indexed in a loop)
# Rule: JG105
# Reduced: a `fori_loop` body reads `batch_size = packed_input.batch_sizes[i]` from the packed
# input (a NamedTuple of arrays) and slices `dynamic_slice_in_dim(data, offset, batch_size)`;
# the size is traced. Fix: slice a fixed maximal size and mask the rows past `batch_size`.
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax import lax


class PackedSequence(NamedTuple):
    data: jnp.ndarray
    batch_sizes: jnp.ndarray


# --- must be flagged ---


def run_packed(packed_input):
    def body_fun(i, val):
        total, input_offset = val
        batch_size = packed_input.batch_sizes[i]
        batch = lax.dynamic_slice_in_dim(packed_input.data, input_offset, batch_size)  # expect: JG105
        return total + batch.sum(), input_offset + batch_size

    return lax.fori_loop(0, packed_input.batch_sizes.shape[0], body_fun, (0.0, 0))[0]


def bug():
    packed = PackedSequence(jnp.ones((6, 2)), jnp.array([3, 2, 1]))
    return jax.jit(run_packed)(packed)


# --- must not be flagged ---


def run_packed_masked(packed_input, max_batch=3):
    def body_fun(i, val):
        total, input_offset = val
        batch_size = packed_input.batch_sizes[i]
        padded = jnp.pad(packed_input.data, ((0, max_batch), (0, 0)))
        batch = lax.dynamic_slice_in_dim(padded, input_offset, max_batch)
        rows = jnp.arange(max_batch)[:, None] < batch_size
        return total + jnp.where(rows, batch, 0.0).sum(), input_offset + batch_size

    return lax.fori_loop(0, packed_input.batch_sizes.shape[0], body_fun, (0.0, 0))[0]


def fixed():
    packed = PackedSequence(jnp.ones((6, 2)), jnp.array([3, 2, 1]))
    return jax.jit(run_packed_masked)(packed)


RAISES = [(bug, "TypeError")]
RUNS = [fixed]
