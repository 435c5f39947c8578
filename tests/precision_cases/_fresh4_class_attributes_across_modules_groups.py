"""Helper module of fresh4_class_attributes_across_modules.py: a base class declaring class
variables and a shape-reading method, and a registered pytree subclass."""

from typing import ClassVar, Tuple, final

import jax
import jax.numpy as jnp


def register_group(*, parameters_dim: int, tangent_dim: int):
    def wrap(cls):
        cls.parameters_dim = parameters_dim
        cls.tangent_dim = tangent_dim
        return jax.tree_util.register_pytree_node_class(cls)

    return wrap


class LieGroup:
    parameters_dim: ClassVar[int]
    tangent_dim: ClassVar[int]

    def parameters(self) -> jax.Array:
        raise NotImplementedError

    @final
    def get_batch_axes(self) -> Tuple[int, ...]:
        return self.parameters().shape[:-1]


@register_group(parameters_dim=2, tangent_dim=1)
class Rotation2(LieGroup):
    def __init__(self, unit_complex):
        self.unit_complex = unit_complex

    def parameters(self) -> jax.Array:
        return self.unit_complex

    def tree_flatten(self):
        return (self.unit_complex,), None

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children)

    @staticmethod
    def identity(batch=()):
        return Rotation2(jnp.broadcast_to(jnp.array([1.0, 0.0]), (*batch, 2)))
