# Report: patrick-kidger/equinox#11 https://github.com/patrick-kidger/equinox/issues/11
# Class: 5 (what reaches a static position: `self`, a module holding lists of layers and weight arrays)
# Rule: JG203
# Reduced: "`eqx.Modules` do not have a way of being hashed. This makes decorating methods with
# `@jax.jit` impossible": the reporter's `SimpleModule(layers=[NeuronLayer(...), ...],
# synapses=[DenseSynapse(W=DeviceArray(...))], connections=[(0, ...)])` failed with
# "Non-hashable static arguments are not supported" when a jitted method got `self` as a static
# argument. equinox is not installed: the modules are frozen dataclasses (as equinox modules are),
# the method an energy of the reporter's kind; `connections` is left out. Fix (the pytree route,
# the module's arrays traced; the thread's conclusion is not in what was read): register the class
# as a pytree, the layers as its static metadata (a tuple), and jit the method with `self` traced.
import dataclasses
from functools import partial
from typing import Callable

import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class NeuronLayer:
    lagrangian: Callable
    shape: tuple
    tau: float


@partial(jax.tree_util.register_dataclass, data_fields=["W"], meta_fields=[])
@dataclasses.dataclass(frozen=True)
class DenseSynapse:
    W: jax.Array


# --- must be flagged ---


@dataclasses.dataclass(frozen=True)
class SimpleModule:
    layers: list
    synapses: list

    @partial(jax.jit, static_argnums=0)
    def energy(self, x):
        g = self.layers[0].lagrangian(x)
        return -jnp.sum(g @ self.synapses[0].W)


def make_layers(container):
    return container([NeuronLayer(jnp.tanh, (4,), 1.0), NeuronLayer(jax.nn.softmax, (3,), 0.0)])


def bug():
    module = SimpleModule(make_layers(list), [DenseSynapse(jnp.ones((4, 3)))])
    return module.energy(jnp.ones(4))  # expect: JG203


# --- must not be flagged ---


@jax.tree_util.register_pytree_node_class
@dataclasses.dataclass(frozen=True)
class SimplePytreeModule:
    layers: tuple
    synapses: list

    def tree_flatten(self):
        return (self.synapses,), self.layers

    @classmethod
    def tree_unflatten(cls, layers, children):
        return cls(layers, *children)

    @jax.jit
    def energy(self, x):
        g = self.layers[0].lagrangian(x)
        return -jnp.sum(g @ self.synapses[0].W)


def fixed():
    module = SimplePytreeModule(make_layers(tuple), [DenseSynapse(jnp.ones((4, 3)))])
    return module.energy(jnp.ones(4))


RAISES = [(bug, "ValueError")]
RUNS = [fixed]
