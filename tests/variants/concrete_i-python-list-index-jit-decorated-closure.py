# Variant of: tests/reports/concrete_jax-vmap-index-python-list.py
# Class: 4 (a Python list indexed by a traced index)
# Rule: JG104
# Axis: (i) the indexing closure is decorated with `@jax.jit` (the index a jitted argument), not vmapped.
import jax
import jax.numpy as jnp


def get_feature(x, rows, cols):
    new_map = []
    for j in range(rows - 1):
        for i in range(cols - 1):
            new_map.append((j, i))

    @jax.jit
    def inner(n):
        j, i = new_map[n]  # expect: JG104
        return x[j] + x[i]

    return inner(2)


# --- must be flagged ---


def bug():
    return get_feature(jnp.arange(10.0), 3, 3)


# --- must not be flagged ---


def get_feature_array(x, rows, cols):
    new_map = jnp.asarray([(j, i) for j in range(rows - 1) for i in range(cols - 1)])

    @jax.jit
    def inner(n):
        j, i = new_map[n]
        return x[j] + x[i]

    return inner(2)


def fixed():
    return get_feature_array(jnp.arange(10.0), 3, 3)


RAISES = [(bug, "TracerIntegerConversionError")]
RUNS = [fixed]
