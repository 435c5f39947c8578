"""The type of a pytree node is part of the tree structure, hence static under jit/vmap:
`type(d.impl_data)`, a dict lookup keyed by it, and a property that returns that lookup (an Enum
member) are Python values, so `if d.impl == Impl.WARP:` is a Python comparison.

Seen as (held-out): mujoco-mjx `forward(m, d)`: `if m.impl == Impl.WARP and d.impl == Impl.WARP
and ...:` where `Data.impl` is a property returning `{DataCPP: Impl.CPP, DataJAX: Impl.JAX,
DataWarp: Impl.WARP}[type(self._impl)]` and `_impl` is a pytree field holding the backend's data.
"""

import dataclasses
import enum
import functools

import jax
import jax.numpy as jnp


class Impl(enum.Enum):
    JAX = "jax"
    WARP = "warp"


@functools.partial(jax.tree_util.register_dataclass, data_fields=["qpos"], meta_fields=[])
@dataclasses.dataclass
class DataJAX:
    qpos: jax.Array


@functools.partial(jax.tree_util.register_dataclass, data_fields=["buffers"], meta_fields=[])
@dataclasses.dataclass
class DataWarp:
    buffers: jax.Array


@functools.partial(jax.tree_util.register_dataclass, data_fields=["time", "impl_data"], meta_fields=[])
@dataclasses.dataclass
class Data:
    time: jax.Array
    impl_data: object

    @property
    def impl(self) -> Impl:
        return {DataJAX: Impl.JAX, DataWarp: Impl.WARP}[type(self.impl_data)]


@jax.jit
def forward(d):
    if d.impl == Impl.WARP:
        return d.time + d.impl_data.buffers.sum()
    if not isinstance(d.impl_data, DataJAX):
        raise ValueError("forward requires the JAX implementation")
    return d.time + d.impl_data.qpos.sum()


RUNS = [
    lambda: forward(Data(jnp.zeros(()), DataJAX(jnp.ones(3)))),
    lambda: forward(Data(jnp.zeros(()), DataWarp(jnp.ones(2)))),
]
