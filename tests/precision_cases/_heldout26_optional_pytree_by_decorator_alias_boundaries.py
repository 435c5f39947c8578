"""Boundary data of ``heldout26_optional_pytree_by_decorator_alias.py`` (and of its true twin):
frozen dataclasses registered as pytrees through a module-level alias of
``jax.tree_util.register_pytree_node_class``, with a flatten mixin."""

from dataclasses import dataclass, fields

import jax
import jax.numpy as jnp

_pytree_base = jax.tree_util.register_pytree_node_class


class _DataclassPyTreeMixin:
    def tree_flatten(self):
        return tuple(getattr(self, f.name) for f in fields(self)), None

    @classmethod
    def tree_unflatten(cls, aux_data, children):
        return cls(*children)


@_pytree_base
@dataclass(frozen=True)
class WallBC(_DataclassPyTreeMixin):
    kind: jax.Array
    value: jax.Array

    @classmethod
    def empty(cls):
        return cls(jnp.zeros((0,), jnp.int32), jnp.zeros((0,), jnp.float32))


@_pytree_base
@dataclass(frozen=True)
class ActiveWallBC(_DataclassPyTreeMixin):
    kind: jax.Array
    value: jax.Array

    def __bool__(self):
        return bool(jnp.any(self.kind > 0))
