"""Helper module of fresh4_true_truth_of_traced_across_modules.py: a registered dataclass whose
`__bool__` reads a leaf, a subclass of it, and an array type alias."""

import dataclasses

import jax


@jax.tree_util.register_dataclass
@dataclasses.dataclass(frozen=True)
class Gate:
    is_open: jax.Array

    def __bool__(self):
        return bool(self.is_open)


@jax.tree_util.register_dataclass
@dataclasses.dataclass(frozen=True)
class TimedGate(Gate):
    time: jax.Array


Scalar = jax.Array
