"""A pytree registration can decide metadata by annotation: a dataclass decorator that puts every
field annotated `jax.Array` in the children and every other field (here `np.ndarray`, `int`) in
the aux data (`register_pytree_with_keys(cls, flatten, unflatten)` with a flatten that splits
`dataclasses.fields(cls)` on `f.type is jax.Array`). Those fields stay NumPy arrays under jit,
so `address[dim == 1]` is NumPy boolean indexing with a static result shape.

Seen as (held-out): mujoco-mjx `PyTreeNode` ("a leaf field is a pytree node if and only if it's a
jax.Array"): `Contact.dim: np.ndarray`, `Contact.efc_address: np.ndarray`, then in the solver
`d._impl.contact.efc_address[d._impl.contact.dim == 1]` and `[... .dim > 1]`.
"""

import dataclasses

import jax
import jax.numpy as jnp
import numpy as np


class _Hashable:
    def __init__(self, array):
        self.array = array

    def __hash__(self):
        return hash(self.array.tobytes())

    def __eq__(self, other):
        return isinstance(other, _Hashable) and np.array_equal(self.array, other.array)


def pytree_dataclass(cls):
    cls = dataclasses.dataclass(frozen=True)(cls)
    data_fields = [f for f in dataclasses.fields(cls) if f.type is jax.Array]
    meta_fields = [f for f in dataclasses.fields(cls) if f.type is not jax.Array]

    def flatten(x):
        data = tuple((jax.tree_util.GetAttrKey(f.name), getattr(x, f.name)) for f in data_fields)
        meta = tuple(_Hashable(getattr(x, f.name)) for f in meta_fields)
        return data, meta

    def unflatten(meta, data):
        kwargs = {f.name: m.array for f, m in zip(meta_fields, meta)}
        kwargs.update({f.name: d for f, d in zip(data_fields, data)})
        return cls(**kwargs)

    jax.tree_util.register_pytree_with_keys(cls, flatten, unflatten)
    return cls


@pytree_dataclass
class Contact:
    dist: jax.Array
    dim: np.ndarray
    efc_address: np.ndarray


@jax.jit
def quadratic_cost(contact: Contact, quad):
    dim1 = contact.efc_address[contact.dim == 1]
    elliptic = contact.efc_address[contact.dim > 1]
    return quad[dim1].sum() + quad[elliptic].sum() + contact.dist.sum()


RUNS = [
    lambda: quadratic_cost(Contact(jnp.ones(3), np.array([1, 3, 1]), np.array([0, 1, 4])), jnp.ones(6)),
]
