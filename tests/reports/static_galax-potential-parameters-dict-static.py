# Report: GalacticDynamics/galax#18 https://github.com/GalacticDynamics/galax/pull/18
# Class: 5 (what reaches a static position: a dict of parameters)
# Rule: JG203
# Reduced: "ImmutableDict union": "The immutable dict is also necessary for dict-like arguments
# that are static. Jax requires static arguments to be hashable." A potential's parameters, kept
# in a plain dict, are passed at a static position of a jitted evaluation and cannot be hashed.
# Here the potential is a Plummer sphere whose evaluation is jitted with its parameter mapping
# static. Fix (the PR's): an immutable, hashable mapping for the parameters.
from collections.abc import Mapping
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=0)
def potential_energy(params, q):
    r2 = jnp.sum(q**2, axis=-1)
    return -params["m"] / jnp.sqrt(r2 + params["b"] ** 2)


# --- must be flagged ---


def bug():
    params = {"m": 1.0, "b": 0.5}
    return potential_energy(params, jnp.ones((4, 3)))  # expect: JG203


# --- must not be flagged ---


class ImmutableDict(Mapping):
    def __init__(self, *args, **kwargs):
        self._data = dict(*args, **kwargs)

    def __getitem__(self, key):
        return self._data[key]

    def __iter__(self):
        return iter(self._data)

    def __len__(self):
        return len(self._data)

    def __hash__(self):
        return hash(tuple(sorted(self._data.items())))

    def __eq__(self, other):
        return isinstance(other, ImmutableDict) and self._data == other._data


def fixed():
    params = ImmutableDict(m=1.0, b=0.5)
    return potential_energy(params, jnp.ones((4, 3)))


RAISES = [(bug, "ValueError")]
RUNS = [fixed]
