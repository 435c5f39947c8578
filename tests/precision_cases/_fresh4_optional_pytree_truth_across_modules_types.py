"""Helper module of fresh4_optional_pytree_truth_across_modules.py: the registered dataclasses
whose instances the jitted functions there take (optionally), defined in another module."""

import dataclasses
from typing import Mapping

import jax


@jax.tree_util.register_dataclass
@dataclasses.dataclass(frozen=True)
class EdgeParams:
    mode: str = dataclasses.field(metadata={"static": True})
    fixed_concentrations: Mapping[str, jax.Array]
    scale: jax.Array


@jax.tree_util.register_dataclass
@dataclasses.dataclass(frozen=True)
class ParamsProvider:
    edge: EdgeParams
    t_initial: jax.Array

    def at(self, t):
        return self.edge.scale * t


@jax.tree_util.register_dataclass
@dataclasses.dataclass(frozen=True)
class SourceProfiles:
    heat: jax.Array
    particles: dict
