# Report: patrick-kidger/equinox#1089 https://github.com/patrick-kidger/equinox/issues/1089
# Class: 5 (what reaches a static position: an object whose hash covers a dict field)
# Rule: JG203
# Reduced (plain JAX: a module's static half is an immutable object hashed by its fields): the
# model keeps a dict field; after splitting off the arrays, the static half is passed with
# `jax.jit(merge, static_argnames="static")`, and hashing it hashes the dict. Fix: keep the
# mapping as a tuple of items (hashable) in the static half.
import dataclasses

import jax
import jax.numpy as jnp

# --- must be flagged ---


@dataclasses.dataclass(frozen=True)
class Static:
    nested: object


def merge(parameters, static):
    return parameters * len(static.nested)


def bug():
    arr, static = jnp.ones(2), Static({0: 0.0})
    return jax.jit(merge, static_argnames="static")(arr, static=static)  # expect: JG203


# --- must not be flagged ---


def fixed():
    arr, static = jnp.ones(2), Static(tuple({0: 0.0}.items()))
    return jax.jit(merge, static_argnames="static")(arr, static=static)


RAISES = [(bug, "ValueError")]
RUNS = [fixed]
