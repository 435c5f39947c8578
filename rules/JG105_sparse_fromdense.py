"""JG105 on a sparse matrix made from a traced dense one without a static number of stored elements.

`jax.experimental.sparse.BCOO.fromdense` (and `bcoo_fromdense`, `BCSR.fromdense`, `bcsr_fromdense`)
size the sparse buffers by `nse`, the number of stored elements. Left out, they count the nonzeros
of the dense array, a value JAX does not know while it traces; given, it must be a Python int.
Under `jax.jit` both raise ConcretizationTypeError (JAX 0.10.2). A Python int bound (the size of the
array, or a known count), or building the sparse matrix outside the jitted function, is legal.
"""

import jax
import jax.numpy as jnp
from jax.experimental import sparse

# --- must be flagged -------------------------------------------------------------------------


@jax.jit
def graph_degree(adjacency):
    a = sparse.BCOO.fromdense(adjacency)  # expect: JG105
    return (a @ jnp.ones(adjacency.shape[1])).sum()


@jax.jit
def banded_rows(band):
    rows = sparse.bcsr_fromdense(band, nse=jnp.sum(band != 0))  # expect: JG105
    return rows.data.sum()


# --- must not be flagged ---------------------------------------------------------------------


@jax.jit
def graph_degree_bounded(adjacency):
    a = sparse.BCOO.fromdense(adjacency, nse=adjacency.size)  # a Python int: the shape is static
    return (a @ jnp.ones(adjacency.shape[1])).sum()


def degree_outside(adjacency):
    a = sparse.BCOO.fromdense(adjacency)  # concrete here: the count is a number
    return jax.jit(lambda m: (m @ jnp.ones(m.shape[1])).sum())(a)


RAISES = [
    (lambda: graph_degree(jnp.eye(3)), "ConcretizationTypeError"),
    (lambda: banded_rows(jnp.eye(3)), "ConcretizationTypeError"),
]

RUNS = [
    lambda: graph_degree_bounded(jnp.eye(3)),
    lambda: degree_outside(jnp.eye(3)),
]
