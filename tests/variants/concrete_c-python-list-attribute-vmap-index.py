# Variant of: tests/reports/concrete_jax-vmap-index-python-list.py
# Class: 4 (a Python list indexed by a vmapped index)
# Rule: JG104
# Axis: (c) the list of index pairs is an attribute set in `__init__`, indexed in a vmapped method.
import jax
import jax.numpy as jnp


class Stencil:
    def __init__(self, rows, cols):
        self.pairs = [[j, i] for j in range(rows - 1) for i in range(cols - 1)]

    def at(self, x, res_map, n):
        j, i = self.pairs[n]  # expect: JG104
        return x[res_map[j, i]] + x[res_map[j, i + 1]]


# --- must be flagged ---


def bug():
    s = Stencil(3, 3)
    res_map = jnp.arange(9).reshape(3, 3)
    return jax.vmap(lambda n: s.at(jnp.arange(10.0), res_map, n))(jnp.arange(len(s.pairs)))


# --- must not be flagged ---


def fixed():
    s = Stencil(3, 3)
    res_map = jnp.arange(9).reshape(3, 3)
    pairs = jnp.asarray(s.pairs)
    x = jnp.arange(10.0)
    return jax.vmap(lambda p: x[res_map[p[0], p[1]]] + x[res_map[p[0], p[1] + 1]])(pairs)


RAISES = [(bug, "TracerIntegerConversionError")]
RUNS = [fixed]
