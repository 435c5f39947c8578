"""Helper module of pytree_meta_by_annotation_across_modules.py: a base class whose
`__init_subclass__` registers each subclass as a pytree, children: the fields whose annotation
holds `jax.Array` (a recursive test on the type objects), aux data: every other field."""

import dataclasses
import typing

import jax
import numpy as np

from tests.precision_cases.pytree_meta_by_annotation import _Hashable  # hashable aux data for NumPy fields


def _holds_array(typ) -> bool:
    if typ is jax.Array:
        return True
    if dataclasses.is_dataclass(typ):
        return any(_holds_array(f.type) for f in dataclasses.fields(typ))
    if typing.get_origin(typ) in (tuple, list, dict, typing.Union):
        return any(_holds_array(t) for t in typing.get_args(typ))
    return False


def register(clz):
    data_clz = dataclasses.dataclass(frozen=True)(clz)
    meta_fields, data_fields = [], []
    for field in dataclasses.fields(data_clz):
        if _holds_array(field.type):
            data_fields.append(field)
        else:
            meta_fields.append(field)

    def flatten(x):
        def to_meta(field):
            value = getattr(x, field.name)
            return _Hashable(value) if isinstance(value, np.ndarray) else value

        data = tuple((jax.tree_util.GetAttrKey(f.name), getattr(x, f.name)) for f in data_fields)
        meta = tuple(to_meta(f) for f in meta_fields)
        return data, meta

    def unflatten(meta, data):
        kwargs = {f.name: m.array if isinstance(m, _Hashable) else m for f, m in zip(meta_fields, meta)}
        kwargs.update({f.name: d for f, d in zip(data_fields, data)})
        return data_clz(**kwargs)

    jax.tree_util.register_pytree_with_keys(data_clz, flatten, unflatten)
    return data_clz


class PyTreeNode:
    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        register(cls)
