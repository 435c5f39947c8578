"""JG105 on the rows of a traced array: ``tuple(x)`` and ``list(x)`` iterate the array, and each
row of a tracer is itself a tracer, so every item of the result is traced, however the array was
built inside the jitted function (from constants too). An item cannot size an array nor be a
split point. The rows of a NumPy array, and the items of a shape tuple, stay Python values.
"""

import jax
import jax.numpy as jnp
import numpy as np

# --- must be flagged -------------------------------------------------------------------------


@jax.jit
def blocks(x, bounds):
    first, _ = tuple(bounds)
    return jnp.zeros(first) + x[0]  # expect: JG105


@jax.jit
def segments(x):
    sizes = list(jnp.cumsum(jnp.array([1, 2])))
    head, tail = jnp.split(x, [sizes[0]])  # expect: JG105
    return head.sum() + tail.sum()


# --- must not be flagged ---------------------------------------------------------------------


@jax.jit
def segments_numpy(x):
    sizes = list(np.cumsum(np.array([1, 2])))  # NumPy rows: Python-side integers
    head, tail = jnp.split(x, [sizes[0]])
    return head.sum() + tail.sum()


@jax.jit
def padded(x):
    rows, cols = tuple(x.shape)  # a shape's items are Python ints
    return jnp.zeros((rows + 1, cols)).at[:rows].set(x)


RAISES = [
    (lambda: blocks(jnp.ones(3), jnp.array([2, 1])), "TypeError"),
    (lambda: segments(jnp.ones(3)), "ConcretizationTypeError"),
]

RUNS = [
    lambda: segments_numpy(jnp.ones(3)),
    lambda: padded(jnp.ones((2, 2))),
]
