# Report: jax-ml/jax#5190 https://github.com/jax-ml/jax/issues/5190
# Class: 5 (what reaches a static position: a NumPy array and a dict)
# Rule: JG203
# Reduced: "How to resolve ValueError `vector::reserve`?": `coocurrence_helper(pairs:
# np.array, label_map: Dict)` is jitted with `static_argnums=(0, 1,)` and called as
# `coocurrence_helper(pairs = pair.values, label_map=label_map)`; at the time this crashed
# with a cryptic `vector::reserve` error, under JAX 0.10.2 the keyword arguments map onto the
# static positions and hashing the NumPy array raises ValueError (Non-hashable static
# arguments). The body builds a SciPy `lil_matrix` in Python loops, which jit cannot help
# with anyway; the pandas preprocessing is reduced to a small pair array. Fix: do not jit this
# host-side helper (or pass hashable tuples).
from functools import partial
from typing import Dict

import numpy as np
from jax import jit
from scipy.sparse import lil_matrix


def _coocurrence(pairs, label_map):
    uniques = lil_matrix(np.zeros((len(label_map), len(label_map))).astype("int32"))
    for item in pairs:
        if item[0] != item[1]:
            uniques[label_map[item[0]], label_map[item[1]]] += 1
    return uniques


@partial(jit, static_argnums=(0, 1,))
def coocurrence_helper(pairs: np.array, label_map: Dict) -> lil_matrix:
    return _coocurrence(pairs, label_map)


PAIRS = np.array([["a", "b"], ["a", "a"], ["b", "c"], ["c", "a"]])
LABEL_MAP = {"a": 0, "b": 1, "c": 2}


# --- must be flagged ---


def bug():
    return coocurrence_helper(pairs=PAIRS, label_map=LABEL_MAP)  # expect: JG203


# --- must not be flagged ---


def coocurrence_plain(pairs: np.array, label_map: Dict) -> lil_matrix:
    return _coocurrence(pairs, label_map)


def fixed():
    return coocurrence_plain(pairs=PAIRS, label_map=LABEL_MAP).toarray()


RAISES = [(bug, "ValueError")]
RUNS = [fixed]
