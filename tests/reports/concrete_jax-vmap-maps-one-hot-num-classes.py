# Report: jax-ml/jax#3696 https://github.com/jax-ml/jax/issues/3696
# Class: 2 (arguments JAX needs static: a class count that `vmap` maps like every other argument)
# Rule: JG105
# Reduced: "Enabling vmap for one_hot": `vmap` over `nn.one_hot` "out of the box ... fails due
# to concretization errors": `vmap` maps every positional argument by default (`in_axes=0`), so
# the class count arrives as a batched tracer where `one_hot` needs a concrete int for the output
# shape. Fix (the maintainer's): map only the labels, `in_axes=(0, None)`, with the count a Python
# int (or no vmap at all: `one_hot` already maps over its labels).
import jax
import jax.numpy as jnp

# --- must be flagged ---


def encode(labels, num_classes):
    return jax.nn.one_hot(labels, num_classes)  # expect: JG105


def bug():
    return jax.vmap(encode)(jnp.array([2, 3, 4]), jnp.array([10, 10, 10]))


# --- must not be flagged ---


def encode_fixed(labels, num_classes):
    return jax.nn.one_hot(labels, num_classes)


def fixed():
    return jax.vmap(encode_fixed, in_axes=(0, None))(jnp.array([2, 3, 4]), 10)


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
