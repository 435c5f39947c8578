# Report: patrick-kidger/equinox#239 https://github.com/patrick-kidger/equinox/pull/239
# Class: 5 (what reaches a traced position: a function inside a pytree)
# Rule: JG206
# Reduced: the FAQ entry the PR adds (from equinox#149): `model = eqx.nn.Lambda(lambda x: x)` then
# `jax.jit(loss_fn)(model, 0, 0)` raises "Argument '<function ...>' of type <class 'function'> is
# not a valid JAX type": every field of an equinox Module is a pytree child, the function
# included. eqx.Module is replaced by a dataclass registered with all fields as data. Fix (the
# FAQ's is `eqx.filter_jit`): keep the function in the pytree's static part.
import dataclasses
from typing import Callable

import jax


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Lambda:
    fn: Callable

    def __call__(self, x):
        return self.fn(x)


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class StaticLambda:
    fn: Callable = dataclasses.field(metadata=dict(static=True))

    def __call__(self, x):
        return self.fn(x)


def loss_fn(model, x, y):
    return (model(x) - y) ** 2


# --- must be flagged ---


def bug():
    model = Lambda(lambda x: x)
    return jax.jit(loss_fn)(model, 0.0, 0.0)  # expect: JG206


# --- must not be flagged ---


def fixed():
    model = StaticLambda(jax.nn.relu)
    return jax.jit(loss_fn)(model, 0.0, 0.0)


RAISES = [(bug, "TypeError")]
RUNS = [fixed]
