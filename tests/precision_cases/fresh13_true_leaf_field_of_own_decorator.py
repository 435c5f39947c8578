"""The counterpart of fresh13_all_aux_pytree_by_own_decorator: the same kind of decorator, applied
with the aux data named (`aux_fields=("order",)`), keeps the other fields as children: under
`jax.jit` `particles.x` is a tracer, and `if` on it raises TracerBoolConversionError (checked on
JAX 0.10.2), while a class it registers with `aux_fields=Ellipsis` has no leaf.
"""

import dataclasses
from functools import partial

import jax
import jax.numpy as jnp
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


@partial(tree_dataclass, aux_fields=Ellipsis, frozen=True)
class Settings:
    mirrored: bool = True


@partial(tree_dataclass, aux_fields=("order",), frozen=True)
class Particles:
    x: jax.Array
    order: int = 2


@jax.jit
def push(particles, settings):
    y = particles.x * particles.order
    if settings.mirrored:
        y = -y
    if particles.x[0] > 0:  # expect: JG101
        return y
    return 2 * y


def _raise():
    return push(Particles(jnp.ones(2)), Settings())


RAISES = [(_raise, "TracerBoolConversionError")]
