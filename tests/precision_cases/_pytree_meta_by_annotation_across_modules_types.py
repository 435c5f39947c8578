"""Helper module of pytree_meta_by_annotation_across_modules.py: the pytree classes."""

from typing import Optional, Tuple

import jax
import numpy as np

from tests.precision_cases._pytree_meta_by_annotation_across_modules_registry import PyTreeNode


class Contact(PyTreeNode):
    dist: jax.Array
    dim: np.ndarray
    efc_address: np.ndarray
    geom: Tuple[int, ...]
    friction: Optional[jax.Array]


class Data(PyTreeNode):
    qpos: jax.Array
    contact: Contact
    ncon: int
