# Report: gbionics/jaxsim#103 https://github.com/gbionics/jaxsim/issues/103
# Class: 5 (what reaches a static position: a NumPy array as static pytree metadata)
# Rule: JG203
# Reduced: the maintainer's MWE in the thread, with the library's `jax_dataclasses` replaced by
# `jax.tree_util.register_dataclass`: `MWE103GroundContact` has a `Static[npt.NDArray]` field
# `body` (built as `np.zeros(8)`); jitting `local_total_mass` twice and calling each with a
# different instance fails on the second call, when JAX compares the cached pytree metadata
# (today: ValueError "Exception raised while checking equality of metadata fields ... arrays
# cannot be passed as metadata fields"). Fix: keep the static field hashable, a tuple (the
# thread's own fix is not in what was read).
import dataclasses
from functools import partial

import jax
import numpy as np


def local_total_mass(model) -> float:
    return 1.0


# --- must be flagged ---


@partial(jax.tree_util.register_dataclass, data_fields=[], meta_fields=["body"])
@dataclasses.dataclass
class MWE103GroundContact:
    body: np.ndarray = dataclasses.field(default_factory=lambda: np.array([]))

    @staticmethod
    def build_from() -> "MWE103GroundContact":
        gc = MWE103GroundContact(body=np.zeros(8))
        return gc


def bug():
    dummy_contact1 = MWE103GroundContact.build_from()
    dummy_contact2 = MWE103GroundContact.build_from()
    local_total_mass_jit1 = jax.jit(local_total_mass)
    local_total_mass_jit2 = jax.jit(local_total_mass)
    _ = local_total_mass_jit1(model=dummy_contact1)
    _ = local_total_mass_jit2(model=dummy_contact2)  # expect: JG203
    return _


# --- must not be flagged ---


@partial(jax.tree_util.register_dataclass, data_fields=[], meta_fields=["body"])
@dataclasses.dataclass
class GroundContactTuple:
    body: tuple = ()

    @staticmethod
    def build_from() -> "GroundContactTuple":
        return GroundContactTuple(body=tuple(np.zeros(8).tolist()))


def fixed():
    contact1 = GroundContactTuple.build_from()
    contact2 = GroundContactTuple.build_from()
    jit1 = jax.jit(local_total_mass)
    jit2 = jax.jit(local_total_mass)
    _ = jit1(model=contact1)
    return jit2(model=contact2)


RAISES = [(bug, "ValueError")]
RUNS = [fixed]
