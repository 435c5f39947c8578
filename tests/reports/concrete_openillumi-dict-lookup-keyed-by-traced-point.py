# Report: https://openillumi.com/?p=112234 (Stack Overflow question, retold: "JAX JIT Tracer Error: Why Dictionaries Fail")
# Class: 4 (NumPy and Python on traced values: a dict keyed by a traced array's entries)
# Rule: JG104
# Reduced: "JAX JIT Tracer Error: Why Dictionaries Fail and Array-Based Alternatives" (a
# retold Stack Overflow question): an interpolation routine stores the function values at the
# fitting points in a dict keyed by the points (arrays turned into tuples) and looks a point up
# with `values[tuple(point)]`. Under `jax.jit` the point is traced, `tuple(point)` holds
# tracers, and hashing them raises TypeError (unhashable type). The fix the page gives: an
# index-based lookup, here the points and values as arrays and the index of the matching row.
import jax
import jax.numpy as jnp
import numpy as np

POINTS = np.array([[0, 0], [0, 1], [1, 0], [1, 1]])
VALUES = np.array([0.0, 1.0, 2.0, 3.0])
TABLE = {tuple(p): v for p, v in zip(POINTS.tolist(), VALUES.tolist())}


# --- must be flagged ---


@jax.jit
def value_at(point):
    return TABLE[tuple(point)]  # expect: JG104


def lookup_dict():
    return value_at(jnp.array([0, 1]))


# --- must not be flagged ---


@jax.jit
def value_at_indexed(point):
    row = jnp.argmax(jnp.all(jnp.asarray(POINTS) == point, axis=1))
    return jnp.asarray(VALUES)[row]


def lookup_indexed():
    return value_at_indexed(jnp.array([0, 1]))


RAISES = [(lookup_dict, "TypeError")]
RUNS = [lookup_indexed]
