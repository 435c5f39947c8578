"""A pytree argument with no array leaves gives `jax.jit` nothing to trace: an instance whose
every field is metadata (aux data), or whose only child is itself such an instance, flattens to
zero leaves, so everything a method computes from it is built from Python values. Inside
`jax.ensure_compile_time_eval()` the `jnp` operations on those values run eagerly: their results
are concrete arrays, and `jnp.nonzero` without `size=`, `int(...)` and `range(...)` work under
the jit (checked on JAX 0.10.2).

Seen as (held-out 2): a jitted function building a lookup table from an "index" object (a
registered dataclass whose fields are all `pytree_node=False`, holding another such index as its
only child) calls the index's methods on `jnp.arange(...)` chunks and keeps `jnp.nonzero(mask)`
of a constraint, all inside `with jax.ensure_compile_time_eval():`.
"""

import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np


@functools.partial(jax.tree_util.register_dataclass, data_fields=[], meta_fields=["levels"])
@dataclasses.dataclass(frozen=True)
class LocalIndex:
    levels: int

    def digits(self, numbers, width):
        powers = self.levels ** jnp.arange(width)[::-1]
        return (numbers[:, None] // powers) % self.levels


@functools.partial(jax.tree_util.register_dataclass, data_fields=["local"], meta_fields=["width"])
@dataclasses.dataclass(frozen=True)
class ProductIndex:
    local: LocalIndex
    width: int

    @property
    def count(self):
        return self.local.levels**self.width

    def numbers_to_states(self, numbers):
        return self.local.digits(numbers, self.width)


def even_total(states):
    return states.sum(axis=-1) % 2 == 0


@functools.partial(jax.jit, static_argnames=("constraint", "chunk"))
def allowed_numbers(index, constraint, chunk=4):
    with jax.ensure_compile_time_eval():
        chunks = []
        for i in range(int(np.ceil(index.count / chunk))):
            ids = jnp.arange(chunk * i, min(chunk * (i + 1), index.count))
            states = index.numbers_to_states(ids)
            mask = constraint(states)
            (hits,) = jnp.nonzero(mask)
            chunks.append(hits + chunk * i)
        return jnp.concatenate(chunks)


def no_leaves():
    index = ProductIndex(LocalIndex(2), 3)
    assert jax.tree_util.tree_leaves(index) == []
    return jnp.zeros(())


RUNS = [
    no_leaves,
    lambda: allowed_numbers(ProductIndex(LocalIndex(2), 3), even_total),
    lambda: allowed_numbers(ProductIndex(LocalIndex(3), 2), even_total, chunk=2),
]
