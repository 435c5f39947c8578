# Report: patrick-kidger/equinox#1097 https://github.com/patrick-kidger/equinox/issues/1097
# Class: 5 (what reaches a static position: a model's static part that still holds a list)
# Rule: JG203
# Reduced: the "All of Equinox" filtering example, Option 1:
# `params, static = eqx.partition(model, eqx.is_array)` then
# `@ft.partial(jax.jit, static_argnums=1) @jax.grad def loss(params, static, x, y)`; the static part
# is the model with its arrays replaced by None, and the model keeps its layers in a list, so
# hashing it fails (`unhashable type: 'list'`). equinox is not installed here: the model is a
# frozen dataclass (equinox modules are frozen dataclasses), `partition`/`combine` split the arrays
# out by hand. Fix (the docs' change in the thread): hold the layers in a tuple.
import dataclasses
import functools as ft
from typing import Callable

import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class Linear:
    weight: object
    bias: object

    def __call__(self, x):
        return self.weight @ x + self.bias


# --- must be flagged ---


@dataclasses.dataclass(frozen=True)
class MLP:
    layers: list
    activation: Callable

    def __call__(self, x):
        for layer in self.layers[:-1]:
            x = self.activation(layer(x))
        return self.layers[-1](x)


def partition(model):
    params = [(layer.weight, layer.bias) for layer in model.layers]
    static = dataclasses.replace(model, layers=type(model.layers)(Linear(None, None) for _ in model.layers))
    return params, static


def combine(params, static):
    return dataclasses.replace(static, layers=type(static.layers)(Linear(w, b) for w, b in params))


@ft.partial(jax.jit, static_argnums=1)
@jax.grad
def loss(params, static, x, y):
    model = combine(params, static)
    pred_y = jax.vmap(model)(x)
    return jax.numpy.mean((y - pred_y) ** 2)


def make_model(container):
    return MLP(container([Linear(jnp.ones((4, 2)), jnp.zeros(4)), Linear(jnp.ones((1, 4)), jnp.zeros(1))]), jax.nn.relu)


def bug():
    model = make_model(list)
    params, static = partition(model)
    x, y = jnp.ones((5, 2)), jnp.zeros((5, 1))
    return loss(params, static, x, y)  # expect: JG203


# --- must not be flagged ---


def fixed():
    model = make_model(tuple)
    params, static = partition(model)
    x, y = jnp.ones((5, 2)), jnp.zeros((5, 1))
    return loss(params, static, x, y)


RAISES = [(bug, "ValueError")]
RUNS = [fixed]
