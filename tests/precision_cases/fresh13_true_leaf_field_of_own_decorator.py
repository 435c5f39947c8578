"""The counterpart of fresh13_all_aux_pytree_by_own_decorator: the same kind of decorator, applied
with the aux data named (`aux_fields=("order",)`), keeps the other fields as children: under
`jax.jit` `particles.x` is a tracer, and `if` on it raises TracerBoolConversionError (checked on
JAX 0.10.2), while a class it registers with `aux_fields=Ellipsis` has no leaf.
"""

import dataclasses
from functools import partial

import jax
import jax.numpy as jnp
from jax.tree_util import GetAttrKey, register_pytree_with_keys


def pytree_record(cls, aux_fields=None):
    # the same kind of registrar, with keys, testing its argument in the flatten itself
    cls = dataclasses.dataclass(frozen=True)(cls)
    names = tuple(f.name for f in dataclasses.fields(cls))
    meta = names if aux_fields is Ellipsis else tuple(aux_fields or ())
    data = tuple(n for n in names if n not in meta)

    def flatten_with_keys(obj):
        if aux_fields is Ellipsis:
            return (), obj
        return tuple((GetAttrKey(n), getattr(obj, n)) for n in data), tuple(getattr(obj, n) for n in meta)

    def unflatten(aux, children):
        return aux if aux_fields is Ellipsis else cls(**dict(zip(data, children)), **dict(zip(meta, aux)))

    register_pytree_with_keys(cls, flatten_with_keys, unflatten)
    return cls


@partial(pytree_record, aux_fields=Ellipsis)
class Settings:
    mirrored: bool = True


@partial(pytree_record, aux_fields=("order",))
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
