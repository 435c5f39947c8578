"""Helper module of fresh4_partial_static_field_across_modules.py: the neighbor-list pytree,
whose capacity is a static field annotated `int`."""

import dataclasses
from typing import Optional

import jax


def static_field():
    return dataclasses.field(metadata={"static": True})


@jax.tree_util.register_dataclass
@dataclasses.dataclass(frozen=True)
class NeighborList:
    idx: jax.Array
    reference: jax.Array
    max_occupancy: int = static_field()
    cell_capacity: Optional[int] = static_field()
