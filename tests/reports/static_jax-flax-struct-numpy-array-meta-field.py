# Report: jax-ml/jax#7826 https://github.com/jax-ml/jax/issues/7826
# Class: 5 (what reaches a static position: a NumPy array in pytree metadata)
# Rule: JG203
# Reduced: the issue's `Model` (a flax.struct dataclass with `c: np.ndarray =
# field(pytree_node=False)`) passed to `@jit def f(model)`: the first call compiles, the second
# with an equal-looking `Model(np.ones(10))` fails while comparing the static fields ("truth value
# of an array ... is ambiguous"; JAX 0.10.2 raises ValueError "Exception raised while checking
# equality of metadata fields"). flax.struct is replaced by `jax.tree_util.register_dataclass`
# with the field in `meta_fields`. Fix: make the array a data field (traced).
import dataclasses

import jax
import numpy as np


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Model:
    c: np.ndarray = dataclasses.field(metadata=dict(static=True))


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class ModelFixed:
    c: np.ndarray


@jax.jit
def f(model):
    return 1.0


# --- must be flagged ---


def bug():
    m = Model(np.ones(10))
    n = Model(np.ones(10))
    f(m)
    return f(n)  # expect: JG203


# --- must not be flagged ---


def fixed():
    m = ModelFixed(np.ones(10))
    n = ModelFixed(np.ones(10))
    f(m)
    return f(n)


RAISES = [(bug, "ValueError")]
RUNS = [fixed]
