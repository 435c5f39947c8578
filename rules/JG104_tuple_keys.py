"""JG104 on a Python dict looked up with a tuple that holds traced values.

Hashing a tuple hashes its items, and a tracer is unhashable: a dict (or `.get`) keyed by
`(p[0], p[1])`, by a tuple that mixes a constant and a traced item, or by `tuple(p)` (iterating a
traced array gives tracers) raises TypeError under `jax.jit` and `jax.vmap` (JAX 0.10.2), as a
bare traced key does. Legal: a tuple of static values (the shape, Python numbers), a tuple
built outside the traced function, or the table turned into arrays and indexed.
"""

import jax
import jax.numpy as jnp
import numpy as np

GRID = {(0, 0): 0.0, (0, 1): 1.0, (1, 0): 2.0, (1, 1): 3.0}
POINTS = np.array(list(GRID))
VALUES = np.array(list(GRID.values()))

# --- must be flagged -------------------------------------------------------------------------


@jax.jit
def value_by_items(p):
    return GRID[(p[0], p[1])]  # expect: JG104


@jax.jit
def value_by_tuple_call(p):
    return GRID.get(tuple(p), -1.0)  # expect: JG104


def value_mixed(p):
    return GRID[0, p[1]]  # expect: JG104


batched_values = jax.vmap(value_mixed)

# --- must not be flagged ---------------------------------------------------------------------


@jax.jit
def value_by_shape(p):
    return p.sum() * GRID.get((p.shape[0] - 2, 1), 0.0)


@jax.jit
def value_indexed(p):
    row = jnp.argmax(jnp.all(jnp.asarray(POINTS) == p, axis=1))
    return jnp.asarray(VALUES)[row]


def value_outside(p):
    return GRID[tuple(int(v) for v in p)]


RAISES = [(lambda: value_by_items(jnp.array([0, 1])), "TypeError"),
          (lambda: value_by_tuple_call(jnp.array([0, 1])), "TypeError"),
          (lambda: batched_values(jnp.array([[0, 1], [1, 0]])), "TypeError")]
RUNS = [lambda: value_by_shape(jnp.array([0, 1])), lambda: value_indexed(jnp.array([0, 1])),
        lambda: value_outside(np.array([1, 1]))]
