# Report: brentyi/jax_dataclasses#3 https://github.com/brentyi/jax_dataclasses/issues/3
# Class: 1 (values inside containers and objects: a constructor hook run again when jit rebuilds the tree)
# Rule: JG104
# Reduced (jax_dataclasses is not installed: its pytree dataclass is written out with the same
# unflatten, which calls the constructor): "Delayed initialisation of static fields": a derived
# static field `_sum` is computed in `__post_init__` as `self.a.sum().item()`. Calling the
# function eagerly works; under `jax.jit` the argument is unflattened from tracers, the
# constructor runs again and `__post_init__` calls `.item()` on a traced array (in the report, on
# a placeholder leaf: "'bool' object has no attribute 'sum'"; on JAX 0.10.2:
# ConcretizationTypeError). Fix: compute the derived value once, outside, in a factory, and carry
# it in the aux data so that unflattening does not recompute it.
import dataclasses

import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class PyTreeDataclass:
    a: jax.Array
    _sum: int = dataclasses.field(init=False, repr=False)

    def __post_init__(self):
        object.__setattr__(self, "_sum", self.a.sum().item())  # expect: JG104


jax.tree_util.register_pytree_node(
    PyTreeDataclass, lambda obj: ((obj.a,), None), lambda aux, children: PyTreeDataclass(*children)
)


# --- must be flagged ---


@jax.jit
def scale_by_sum(obj):
    return obj.a * obj._sum


def bug():
    obj = PyTreeDataclass(jnp.arange(4))
    return scale_by_sum(obj)


# --- must not be flagged ---


@dataclasses.dataclass(frozen=True)
class SummedPyTree:
    a: jax.Array
    total: int

    @classmethod
    def create(cls, a):
        return cls(a, int(a.sum()))


jax.tree_util.register_pytree_node(
    SummedPyTree, lambda obj: ((obj.a,), obj.total), lambda total, children: SummedPyTree(children[0], total)
)


@jax.jit
def scale_by_total(obj):
    return obj.a * obj.total


def fixed():
    return scale_by_total(SummedPyTree.create(jnp.arange(4)))


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
