# Report: patrick-kidger/equinox#149 https://github.com/patrick-kidger/equinox/issues/149
# Class: 1 (values inside containers and objects: a function stored in a module's field)
# Rule: JG206
# Reduced: "Updating `operation` in `equinox.nn.Pool` to `static_field`?": a network holding
# `nn.MaxPool2d` passed to a `@jax.jit` forward raises "TypeError: Argument '<function max ...>'
# of type <class 'function'> is not a valid JAX type": an `eqx.Module` is a pytree whose fields
# are all leaves unless marked static, and the pool keeps its reduction (`operation`) as a plain
# field, so `jax.jit` gets a function as a traced leaf. With `@eqx.filter_jit` it works.
# Fix (the maintainer's answer: that is what filtering is for): `eqx.filter_jit`, which keeps
# non-array leaves static. Here the pool is cut down to its reduction.
from typing import Callable

import equinox as eqx
import jax
import jax.numpy as jnp


class Pool(eqx.Module):
    operation: Callable

    def __call__(self, x):
        return self.operation(x, axis=-1)


class Net(eqx.Module):
    maxp: Pool

    def __init__(self):
        self.maxp = Pool(jnp.max)

    def __call__(self, x):
        return self.maxp(x)


# --- must be flagged ---


@jax.jit
def forward(model, x):
    return jax.vmap(model)(x)


def bug():
    model = Net()
    return forward(model, jnp.ones((1, 3, 4)))  # expect: JG206


# --- must not be flagged ---


@eqx.filter_jit
def forward_filtered(model, x):
    return jax.vmap(model)(x)


def fixed():
    model = Net()
    return forward_filtered(model, jnp.ones((1, 3, 4)))


RAISES = [(bug, "TypeError")]
RUNS = [fixed]
