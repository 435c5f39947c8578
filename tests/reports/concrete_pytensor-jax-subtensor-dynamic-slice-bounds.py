# Report: pymc-devs/pytensor#312 https://github.com/pymc-devs/pytensor/issues/312
# Class: 3 (everything created inside jit is traced: slice bounds computed from a graph input)
# Rule: JG105
# Reduced: "Pytensor-JAX unable to use dynamic slice indexing": a minibatch `data[i * bs:(i + 1) *
# bs]` of a shared variable, with the batch index a graph input, compiled to JAX: with the
# backend's guard removed, the jitted graph fails with "Array slice indices must have static
# start/stop/step". Here the Subtensor translation slices with the bounds it receives, inside a
# jitted graph whose input is the batch index. Fix: the batch size is a constant, so
# `lax.dynamic_slice_in_dim` with a traced start and a static size keeps the shape static.
import jax
import jax.numpy as jnp

DATA = jnp.arange(100.0 * 4).reshape(100, 4)
BS = 25


# --- must be flagged ---


def jax_funcify_subtensor():
    def subtensor(x, start, stop):
        return x[start:stop]  # expect: JG105

    return subtensor


def bug():
    subtensor = jax_funcify_subtensor()
    graph = jax.jit(lambda i: jnp.mean(subtensor(DATA, i * BS, (i + 1) * BS)))
    return graph(1)


# --- must not be flagged ---


def jax_funcify_subtensor_fixed(size):
    def subtensor(x, start):
        return jax.lax.dynamic_slice_in_dim(x, start, size)

    return subtensor


def fixed():
    subtensor = jax_funcify_subtensor_fixed(BS)
    graph = jax.jit(lambda i: jnp.mean(subtensor(DATA, i * BS)))
    return graph(1)


RAISES = [(bug, "IndexError")]
RUNS = [fixed]
