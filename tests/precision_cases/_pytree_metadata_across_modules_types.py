"""Helper module of pytree_metadata_across_modules.py: the pytree class and its helpers."""

import dataclasses

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class System:
    gravity: jax.Array
    link_types: str = dataclasses.field(metadata=dict(static=True))
    matrix_inv_iterations: int = dataclasses.field(metadata=dict(static=True))

    def num_links(self) -> int:
        return len(self.link_types)


def to_tau(sys, act):
    if sys.num_links() == 0:
        return jnp.zeros(sys.num_links())
    return jnp.zeros(sys.num_links()).at[0].add(act.sum())
