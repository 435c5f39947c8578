"""True: look-alikes of `fresh5_frozen_field_leafless_node.py` where a setting is not always held
in a leafless node, so it is a leaf of the configuration and a tracer under `jax.jit` (checked on
JAX 0.10.2: TracerBoolConversionError from the marked lines).

* `Config.retimed` stores a raw number in `_time` (no `freeze`): one assignment of the attribute
  that is not a leafless node makes every read of it a possible leaf.
* `Boxed` is registered with the value as a child (`lambda b: ((b.value,), None)`): a node with a
  child is not leafless, whatever the helpers that wrap and unwrap it look like.
"""

import copy

import jax
import jax.numpy as jnp


class Frozen:
    def __init__(self, value):
        self.value = value


jax.tree_util.register_pytree_node(Frozen, lambda f: ((), f.value), lambda value, _: Frozen(value))


class Boxed:
    def __init__(self, value):
        self.value = value


jax.tree_util.register_pytree_node(Boxed, lambda b: ((b.value,), None), lambda _, children: Boxed(children[0]))


def freeze(value):
    return value if isinstance(value, Frozen) else Frozen(value)


def unfreeze(value):
    return value.value if isinstance(value, Frozen) else value


def box(value):
    return value if isinstance(value, Boxed) else Boxed(value)


def unbox(value):
    return value.value if isinstance(value, Boxed) else value


@jax.tree_util.register_pytree_node_class
class Config:
    def __init__(self, time, dt):
        self._time = freeze(time)
        self._dt = freeze(dt)

    def retimed(self, time):
        new = copy.copy(self)
        new._time = time
        return new

    @property
    def time(self):
        return unfreeze(self._time)

    @property
    def steps(self):
        return round(self.time / unfreeze(self._dt))

    def tree_flatten(self):
        return (self._time, self._dt), None

    @classmethod
    def tree_unflatten(cls, _aux, children):
        obj = object.__new__(cls)
        obj._time, obj._dt = children
        return obj


@jax.tree_util.register_pytree_node_class
class BoxedConfig:
    def __init__(self, time, dt):
        self._span = box(time)
        self._width = box(dt)

    @property
    def span(self):
        return unbox(self._span)

    @property
    def count(self):
        return round(self.span / unbox(self._width))

    def tree_flatten(self):
        return (self._span, self._width), None

    @classmethod
    def tree_unflatten(cls, _aux, children):
        obj = object.__new__(cls)
        obj._span, obj._width = children
        return obj


@jax.jit
def run(config, fields):
    if config.steps > 3:  # expect: JG101
        return fields * 2.0
    return fields


@jax.jit
def run_boxed(config, fields):
    if config.count > 3:  # expect: JG101
        return fields * 2.0
    return fields


RAISES = [
    (lambda: run(Config(1.0, 0.1).retimed(2.0), jnp.ones(2)), "TracerBoolConversionError"),
    (lambda: run_boxed(BoxedConfig(1.0, 0.1), jnp.ones(2)), "TracerBoolConversionError"),
]
