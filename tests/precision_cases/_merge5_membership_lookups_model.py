"""The other module of ``merge5_membership_lookups.py``: a batch key and a registered model class
whose method returns its metadata (a tuple of names)."""

import dataclasses
from functools import partial

import jax

MASK_KEY = "__mask__"
DATA_KEY = "x"


@partial(jax.tree_util.register_dataclass, data_fields=["q"], meta_fields=["joints"])
@dataclasses.dataclass
class Model:
    q: jax.Array
    joints: tuple

    def joint_names(self):
        return self.joints
