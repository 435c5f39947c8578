# Report: patrick-kidger/equinox#746 https://github.com/patrick-kidger/equinox/issues/746
# Class: 5 (what reaches a static position: an array kept in a pytree's static metadata)
# Rule: JG203
# Reduced: "`ValueError` from `filter_jit` when using an `eqx.Module` as a static argument on
# second call": `class Data(eqx.Module): data: jax.Array = eqx.field(static=True)` built from a
# random array; `loss_fn(model, data0)` works, `loss_fn(model, data1)` raises ValueError: static
# fields are part of the tree structure, which JAX compares with `==` against the cached one, and
# `==` of two arrays has no single truth value. Here the module is a dataclass registered with
# `jax.tree_util.register_dataclass` and `data` a meta field; the loss is jitted directly. Fix:
# make the array a data field (traced), as an array should be.
import dataclasses
import functools

import jax
import jax.numpy as jnp

# --- must be flagged ---


@functools.partial(jax.tree_util.register_dataclass, data_fields=[], meta_fields=["data"])
@dataclasses.dataclass
class Data:
    data: jax.Array


def make_data(seed):
    return Data(jax.random.uniform(jax.random.key(seed), (10, 10)))


@jax.jit
def loss_fn(foo, data):
    return jnp.sum(foo - data.data)


def bug():
    foo = jnp.array(1.0)
    data0, data1 = make_data(0), make_data(1)
    loss_fn(foo, data0)
    return loss_fn(foo, data1)  # expect: JG203


# --- must not be flagged ---


@functools.partial(jax.tree_util.register_dataclass, data_fields=["data"], meta_fields=[])
@dataclasses.dataclass
class DataLeaf:
    data: jax.Array


def make_data_leaf(seed):
    return DataLeaf(jax.random.uniform(jax.random.key(seed), (10, 10)))


@jax.jit
def loss_leaf(foo, data):
    return jnp.sum(foo - data.data)


def fixed():
    foo = jnp.array(1.0)
    loss_leaf(foo, make_data_leaf(0))
    return loss_leaf(foo, make_data_leaf(1))


RAISES = [(bug, "ValueError")]
RUNS = [fixed]
