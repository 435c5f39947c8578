"""The registrar of fresh13_all_aux_pytree_by_own_decorator (another module, as in the package): a
dataclass decorator whose `aux_fields=Ellipsis` keeps every field in the aux data."""

import dataclasses

from jax.tree_util import register_pytree_node


def tree_dataclass(cls, aux_fields=None, **kwargs):
    cls = dataclasses.dataclass(cls, **kwargs)
    all_fields_static = aux_fields is Ellipsis
    if aux_fields is None:
        aux_fields = ()
    elif aux_fields is Ellipsis:
        aux_fields = [f.name for f in dataclasses.fields(cls)]
    aux_names = [f.name for f in dataclasses.fields(cls) if f.name in aux_fields]
    children_names = [f.name for f in dataclasses.fields(cls) if f.name not in aux_fields]

    def tree_flatten(obj):
        if all_fields_static:
            return (), obj
        return tuple(getattr(obj, n) for n in children_names), tuple(getattr(obj, n) for n in aux_names)

    def tree_unflatten(aux, children):
        if all_fields_static:
            return aux
        return cls(**dict(zip(children_names, children)), **dict(zip(aux_names, aux)))

    register_pytree_node(cls, tree_flatten, tree_unflatten)
    return cls
