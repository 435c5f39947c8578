# Report: jax-ml/jax#7703 https://github.com/jax-ml/jax/issues/7703
# Class: 5 (what reaches a static position: a dataclass with `unsafe_hash=True` holding an array)
# Rule: JG203 (a value holding an array where the jitted function expects a static argument)
# Reduced: the issue's `C(x)` with `@dataclasses.dataclass(unsafe_hash=True) class C: x: Any` and
# `x = jax.numpy.zeros([1])`; the issue shows `jax.jit(f, static_argnums=0)(c, x)` failing with
# "unhashable type" (and asks pmap's static_broadcasted_argnums to fail the same way). The
# declared `__hash__` hashes the field, an array, so hashing fails. Fix: make the class a pytree
# (`jax.tree_util.register_dataclass` with `x` as a data field) and pass it traced.
import dataclasses
from typing import Any

import jax


@dataclasses.dataclass(unsafe_hash=True)
class C:
    x: Any


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class CTree:
    x: Any


def f(c, x):
    return x * c.x


x = jax.numpy.zeros([1])

# --- must be flagged ---


def bug():
    c = C(x)
    return jax.jit(f, static_argnums=0)(c, x)  # expect: JG203


# --- must not be flagged ---


def fixed():
    c = CTree(x)
    return jax.jit(f)(c, x)


RAISES = [(bug, "ValueError")]
RUNS = [fixed]
