"""True: a registration that sorts fields by annotation keeps the fields annotated `jax.Array`
(or a type holding it: `Optional[jax.Array]`) in the children: under jit they are tracers, and a
boolean mask on one has a value-dependent shape (NonConcreteBooleanIndexError). A field name
that is metadata in one class registered this way (`dim: np.ndarray`) and a child in another
(`dim: jax.Array`) is not metadata by its name alone. The counterpart of
pytree_meta_by_annotation.py.
"""

import dataclasses
import typing
from typing import Optional

import jax
import jax.numpy as jnp
import numpy as np


def _holds_array(typ):
    if typ is jax.Array:
        return True
    if typing.get_origin(typ) is typing.Union:
        return any(_holds_array(t) for t in typing.get_args(typ))
    return False


def pytree_dataclass(cls):
    cls = dataclasses.dataclass(frozen=True)(cls)
    data_fields = [f for f in dataclasses.fields(cls) if _holds_array(f.type)]
    meta_fields = [f for f in dataclasses.fields(cls) if not _holds_array(f.type)]

    def flatten(x):
        return tuple(getattr(x, f.name) for f in data_fields), tuple(getattr(x, f.name) for f in meta_fields)

    def unflatten(meta, data):
        kwargs = {f.name: m for f, m in zip(meta_fields, meta)}
        kwargs.update({f.name: d for f, d in zip(data_fields, data)})
        return cls(**kwargs)

    jax.tree_util.register_pytree_node(cls, flatten, unflatten)
    return cls


@pytree_dataclass
class Levels:
    dim: int
    address: int


@pytree_dataclass
class Contact:
    dim: jax.Array
    address: Optional[jax.Array]


@jax.jit
def selected(contact, quad):
    return quad[contact.dim == 1].sum()  # expect: JG105


@jax.jit
def addressed(contact, quad):
    return quad[contact.address > 1].sum()  # expect: JG105


RAISES = [
    (lambda: selected(Contact(jnp.array([1, 3, 1]), None), jnp.ones(3)), "NonConcreteBooleanIndexError"),
    (lambda: addressed(Contact(jnp.array([1, 3, 1]), jnp.array([0, 2, 4])), jnp.ones(3)), "NonConcreteBooleanIndexError"),
]
RUNS = [lambda: Levels(1, 2)]
