# Report: google/flax#1495 https://github.com/google/flax/issues/1495
# Class: 5 (what reaches a static position: a model object that cannot be hashed)
# Rule: JG203
# Reduced: "nn.Embed cannot be hashed -> doesn't work with jax.jit static_argnums": a `train_step`
# generic over the network takes the model as a static argument; it works with `nn.Dense` but
# fails with `nn.Embed`, whose hash raises. The maintainer: don't pass modules as static
# arguments; carry the apply function in the TrainState as a field marked
# `struct.field(pytree_node=False)`. Here Dense is a frozen dataclass (hashable) and Embed a
# plain dataclass (Python sets `__hash__ = None`); TrainState is a registered dataclass with the
# apply function as a meta field (a bound method hashes by identity, so one state compiles once).
import dataclasses
import functools
from typing import Callable

import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class Dense:
    features: int

    def apply(self, params, x):
        return x @ params["kernel"]


@dataclasses.dataclass
class Embed:
    num_embeddings: int
    features: int

    def apply(self, params, ids):
        return params["embedding"][ids]


@functools.partial(jax.jit, static_argnums=0)
def train_step(model, params, x, y):
    def loss(p):
        return jnp.mean((model.apply(p, x).sum(-1) - y) ** 2)

    grads = jax.grad(loss)(params)
    return jax.tree.map(lambda p, g: p - 0.1 * g, params, grads)


EMBED_PARAMS = {"embedding": jnp.ones((10, 4))}

# --- must be flagged ---


def run_embed_static():
    model = Embed(num_embeddings=10, features=4)
    return train_step(model, EMBED_PARAMS, jnp.array([1, 2, 3]), jnp.zeros(3))  # expect: JG203


# --- must not be flagged ---


def run_dense_static():
    model = Dense(features=4)
    return train_step(model, {"kernel": jnp.ones((3, 4))}, jnp.ones((2, 3)), jnp.zeros(2))


@functools.partial(jax.tree_util.register_dataclass, data_fields=["params"], meta_fields=["apply_fn"])
@dataclasses.dataclass
class TrainState:
    params: dict
    apply_fn: Callable


@jax.jit
def train_step_state(state, x, y):
    def loss(p):
        return jnp.mean((state.apply_fn(p, x).sum(-1) - y) ** 2)

    grads = jax.grad(loss)(state.params)
    return TrainState(jax.tree.map(lambda p, g: p - 0.1 * g, state.params, grads), state.apply_fn)


def run_embed_state():
    model = Embed(num_embeddings=10, features=4)
    state = TrainState(EMBED_PARAMS, model.apply)
    state = train_step_state(state, jnp.array([1, 2, 3]), jnp.zeros(3))
    return train_step_state(state, jnp.array([4, 5, 6]), jnp.zeros(3)).params


RAISES = [(run_embed_static, "ValueError")]
RUNS = [run_dense_static, run_embed_state]
