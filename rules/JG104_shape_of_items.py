"""JG104 on `ndim`, `shape` or `size` of a Python list or tuple that holds a traced array.

`jnp.ndim`, `jnp.shape` and `jnp.size` (and NumPy's) read an array's shape, but of anything else
they first build a NumPy array (`jnp.ndim([x])` is `np.ndim([x])`, which calls `np.asarray`). In
traced code an item of the list is a tracer, also an array made inside the jitted function
(`jnp.ones(3)`), and NumPy converts it: TracerArrayConversionError (JAX 0.10.2). Asking the array
itself, stacking the items into a JAX array first, or a list of Python numbers is legal.
"""

import jax
import jax.numpy as jnp
import numpy as np

# --- must be flagged -------------------------------------------------------------------------


@jax.jit
def rank_of_pair(x):
    pair = [x, jnp.zeros_like(x)]
    return jnp.ndim(pair)  # expect: JG104


@jax.jit
def count_entries(x):
    return x.sum() / np.size((x, x + 1.0))  # expect: JG104


# --- must not be flagged ---------------------------------------------------------------------


@jax.jit
def rank_of_stack(x):
    pair = [x, jnp.zeros_like(x)]
    return jnp.ndim(jnp.stack(pair)) + jnp.ndim(x)  # a JAX array's shape is static


@jax.jit
def count_constants(x):
    return x.sum() / np.size([1.0, 2.0, 3.0])  # Python numbers convert fine


RAISES = [
    (lambda: rank_of_pair(jnp.ones(3)), "TracerArrayConversionError"),
    (lambda: count_entries(jnp.ones(3)), "TracerArrayConversionError"),
]

RUNS = [
    lambda: rank_of_stack(jnp.ones(3)),
    lambda: count_constants(jnp.ones(3)),
    lambda: jnp.ndim([np.ones(2)]),
]
