"""True (latent): a documented keyword parameter that the jitted function uses as a Python value
(`assert`, `range`) but that is missing from `static_argnames` works only while nobody passes
it; passing it, even with its default value, makes it a tracer and JAX raises.

Seen as (held-out): maxtext `kernels/gather_reduce_sc.py`: `@jax.jit(static_argnames=[
"reduce_group_size", "single_sc", "col_chunk_size", ...]) def sc_gather_reduce(op, idx, ...,
row_chunk_size: int = 16, ...)` ("row_chunk_size: The size of row chunks for internal
processing."), then `assert row_chunk_size / reduce_group_size == 2` and
`range(0, ..., row_chunk_size)`.
"""

import jax
import jax.numpy as jnp


@jax.jit(static_argnames=["reduce_group_size"])
def gather_reduce(op, idx, *, reduce_group_size, row_chunk_size=16):
    assert row_chunk_size / reduce_group_size == 2  # expect: JG103
    return op[idx].sum(0) * reduce_group_size


@jax.jit(static_argnames=["col_chunk_size"])
def gather_reduce_rows(op, idx, *, col_chunk_size=2, row_chunk_size=16):
    acc = jnp.zeros(col_chunk_size)
    for _ in range(0, op.shape[0], row_chunk_size):  # expect: JG104
        acc = acc + op[idx, :col_chunk_size].sum(0)
    return acc


RAISES = [
    (lambda: gather_reduce(jnp.ones((4, 2)), jnp.arange(2), reduce_group_size=8, row_chunk_size=16),
     "TracerBoolConversionError"),
    (lambda: gather_reduce_rows(jnp.ones((4, 2)), jnp.arange(2), row_chunk_size=16), "TypeError"),
]
RUNS = [
    lambda: gather_reduce(jnp.ones((4, 2)), jnp.arange(2), reduce_group_size=8),
    lambda: gather_reduce_rows(jnp.ones((4, 2)), jnp.arange(2)),
]
