# Report: jax-ml/jax#28979 https://github.com/jax-ml/jax/pull/28979
# Class: 1 (values inside containers and objects: a NumPy array as pytree metadata)
# Rule: JG203
# Reduced: the repro of PR #28979 ("[tree_util] raise more informative error when pytree
# equality check fails", addressing #28659, where a `register_pytree_node_class` kept a
# NumPy array in its aux data and failed nondeterministically): a `register_dataclass` with
# `x: np.ndarray = field(metadata={'static': True})`; the first `f(Tree(np.arange(4)))`
# compiles, the second call compares the metadata with the cached key and the element-wise
# `==` cannot be made a bool (ValueError). Fix: static metadata must be hashable with plain
# equality, e.g. a tuple, or the array should be a leaf.
import dataclasses

import jax
import numpy as np


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Tree:
    x: np.ndarray = dataclasses.field(metadata={'static': True})


f = jax.jit(lambda x: x)


# --- must be flagged ---


def bug():
    f(Tree(np.arange(4)))
    return f(Tree(np.arange(4)))  # expect: JG203


# --- must not be flagged ---


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class TupleTree:
    x: tuple = dataclasses.field(metadata={'static': True})


g = jax.jit(lambda x: x)


def fixed():
    g(TupleTree(tuple(np.arange(4).tolist())))
    return g(TupleTree(tuple(np.arange(4).tolist())))


RAISES = [(bug, "ValueError")]
RUNS = [fixed]
