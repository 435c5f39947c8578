"""A keyword that `functools.partial` binds to a static field annotated `int` (never None), with
the pytree class defined in another module, before the function is staged by `lax.cond`.

`partial(build, max_occupancy=nbrs.max_occupancy)` binds a Python int: `max_occupancy` is a static
field of a registered dataclass (its value stays the Python value under `jax.jit`), annotated
`int`, without a None default. In the staged `build`, `if max_occupancy is None:` is False, so the
eager sizing under it (`int(occupancy * 1.25)`, a host value) never runs in the trace: it runs when
the list is first allocated, outside any transform, with the default None (checked on JAX 0.10.2:
the jitted update runs). The same with the class in the module of the staged code was fixed
earlier (defaults_and_partial.py).

Seen as (held-out 4): a smoothed-particle-hydrodynamics package's neighbor list (a copy of a
molecular-dynamics library's) calls `lax.cond(..., partial(neighbor_fn,
max_occupancy=nbrs.max_occupancy), ...)` in its jitted update; `NeighborList`, with
`max_occupancy: int = dataclasses.static_field()`, is imported from another module.
"""

from functools import partial
from typing import Optional

import jax
import jax.numpy as jnp

from tests.precision_cases._fresh4_partial_static_field_across_modules_lists import NeighborList


def neighbor_list(position, neighbors: Optional[NeighborList] = None):
    def build(position, max_occupancy=None):
        dist = jnp.abs(position[:, None] - position[None, :])
        occupancy = jnp.sum(dist < 0.5)
        if max_occupancy is None:
            max_occupancy = int(occupancy * 1.25) + 1
        idx = jnp.argsort(dist.ravel())[:max_occupancy]
        return NeighborList(idx, position, max_occupancy, None)

    nbrs = neighbors
    if nbrs is None:
        return build(position)
    rebuild = partial(build, max_occupancy=nbrs.max_occupancy)
    return jax.lax.cond(
        jnp.any(jnp.abs(position - nbrs.reference) > 0.1),
        rebuild,
        lambda p: NeighborList(nbrs.idx, nbrs.reference, nbrs.max_occupancy, None),
        position,
    )


@jax.jit
def update(position, neighbors: NeighborList):
    return neighbor_list(position, neighbors)


def _run():
    position = jnp.linspace(0.0, 1.0, 5)
    nbrs = neighbor_list(position)
    return update(position + 0.2, nbrs).idx


RUNS = [_run]
