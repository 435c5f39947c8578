"""JG104 on a parameter every call fills with a Python list or tuple, indexed with a tracer.

A Python list or tuple indexed with a traced integer asks the tracer for `__index__`
(TracerIntegerConversionError) under `jit`, `vmap` or a lax loop. A helper whose every call in
the module passes a list or tuple literal (or a name bound once to one) holds that sequence in
its parameter, so `table[i]` there fails the same way when `i` is traced.
"""

import jax
import jax.numpy as jnp

WEIGHTS = [0.5, 1.0, 2.0]
OFFSETS = (0.0, 1.0, 2.0)

# --- must be flagged -------------------------------------------------------------------------


def weight_of(table, i):
    return table[i]  # expect: JG104


@jax.jit
def scaled(x, i):
    return x * weight_of(WEIGHTS, i)


def shifted_rows(xs, idx):
    return jax.vmap(lambda x, i: x + offset_of((0.0, 1.0, 2.0), i))(xs, idx)


def offset_of(offsets, i):
    return offsets[i]  # expect: JG104


# --- must not be flagged ---------------------------------------------------------------------


def weight_of_array(table, i):
    return jnp.asarray(table)[i]  # stacked into an array first


@jax.jit
def scaled_fixed(x, i):
    return x * weight_of_array(WEIGHTS, i)


def offset_at(offsets, k):
    return offsets[k]  # every call passes a Python int position


@jax.jit
def shifted(x):
    return x + offset_at(OFFSETS, 1)


def pick(table, i):
    return table[i]  # `table` is an array in one call: not a Python sequence in every call


@jax.jit
def picked(x, i):
    return pick(jnp.asarray(WEIGHTS), i) + pick(x, i)


RAISES = [
    (lambda: scaled(jnp.ones(2), 1), "TracerIntegerConversionError"),
    (lambda: shifted_rows(jnp.ones((3, 2)), jnp.arange(3)), "TracerIntegerConversionError"),
]

RUNS = [
    lambda: scaled_fixed(jnp.ones(2), 1),
    lambda: shifted(jnp.ones(2)),
    lambda: picked(jnp.arange(3.0), 1),
]
