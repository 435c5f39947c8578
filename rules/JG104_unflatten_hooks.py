"""JG104 traced-concretization, a dataclass's `__post_init__` run again when `jax.jit` rebuilds
its argument: examples that must and must not be flagged.

`jax.jit` flattens each argument and rebuilds it inside the trace from tracers with its class's
unflatten. `register_dataclass`, a `register_pytree_node` whose unflatten calls the class, and a
`register_pytree_node_class` whose `tree_unflatten` returns `cls(...)` rebuild by calling the
class: the generated `__init__` runs, then `__post_init__`, with the data fields (the children)
tracers, so a concretization there (`.item()`, `int()`, `float()`) raises ConcretizationTypeError
under jit although the eager construction ran (JAX 0.10.2). An unflatten that makes the instance
without calling the class (`object.__new__`), a `__post_init__` that reads only metadata fields,
or a class never passed to a jit, runs.
"""

import dataclasses
from functools import partial

import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class Summed:
    a: jax.Array
    total: int = dataclasses.field(init=False, repr=False)

    def __post_init__(self):
        object.__setattr__(self, "total", self.a.sum().item())  # expect: JG104


jax.tree_util.register_pytree_node(Summed, lambda obj: ((obj.a,), None), lambda aux, ch: Summed(*ch))


@partial(jax.tree_util.register_dataclass, data_fields=["x"], meta_fields=["n"])
@dataclasses.dataclass
class Scaled:
    x: jax.Array
    n: int

    def __post_init__(self):
        self.first = float(self.x[0])  # expect: JG104


@jax.tree_util.register_pytree_node_class
@dataclasses.dataclass
class Counted:
    x: jax.Array

    def __post_init__(self):
        self.count = int(self.x.sum())  # expect: JG104

    def tree_flatten(self):
        return (self.x,), None

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children)


# --- must be flagged ---------------------------------------------------------------------------


@jax.jit
def scale_by_total(obj):
    return obj.a * obj.total


@jax.jit
def shift(s):
    return s.x + s.n


@jax.jit
def double(c):
    return c.x * 2


# --- must not be flagged ---------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class SummedRaw:
    a: jax.Array
    total: int = dataclasses.field(init=False, repr=False)

    def __post_init__(self):
        object.__setattr__(self, "total", self.a.sum().item())


def _rebuild_raw(aux, children):
    obj = object.__new__(SummedRaw)  # no constructor: __post_init__ does not run in the trace
    object.__setattr__(obj, "a", children[0])
    object.__setattr__(obj, "total", aux)
    return obj


jax.tree_util.register_pytree_node(SummedRaw, lambda obj: ((obj.a,), obj.total), _rebuild_raw)


@jax.jit
def scale_by_total_raw(obj):
    return obj.a * obj.total


@partial(jax.tree_util.register_dataclass, data_fields=["x"], meta_fields=["n"])
@dataclasses.dataclass
class Checked:
    x: jax.Array
    n: int

    def __post_init__(self):
        if int(self.n) < 0:
            raise ValueError("n must be non-negative")


@jax.jit
def shift_checked(c):
    return c.x + c.n


def eager_total():
    return Summed(jnp.arange(4)).total


RAISES = [
    (lambda: scale_by_total(Summed(jnp.arange(4))), "ConcretizationTypeError"),
    (lambda: shift(Scaled(jnp.arange(3.0), 2)), "ConcretizationTypeError"),
    (lambda: double(Counted(jnp.arange(3.0))), "ConcretizationTypeError"),
]
RUNS = [
    lambda: scale_by_total_raw(SummedRaw(jnp.arange(4))),
    lambda: shift_checked(Checked(jnp.arange(3.0), 2)),
    eager_total,
]
