"""``k in c`` inside a jitted function where ``c`` is a traced parameter or something a traced
object returns is a lookup in a Python container far more often than a search of an array, and
the value model cannot tell a pytree dict from an array: the caller chooses the structure. Both
forms below (their constant and class in another module, ``_merge5_membership_lookups_model``) run under ``jit`` (JAX 0.10.2): a module constant (a string) tested in a dict of
arrays, and a name tested in the tuple of names a registered class's method returns (its
metadata). On an array either would raise, so the linter reads them as lookups: a Python value
that is not a number on the left of a plain name, or a call's result on the right
(``walker.lookup_not_search``). (``merge5_true_value_tested_in_array.py``: a value the function
computes, tested in an array parameter, stays flagged.)

Seen as (the 22nd report batch's membership rule, on the third and fourth held-out sets): a
mask key tested in a batch dict; a joint name checked against a robot model's names.
"""

from functools import partial

import jax
import jax.numpy as jnp

from tests.precision_cases import _merge5_membership_lookups_model as keys
from tests.precision_cases._merge5_membership_lookups_model import Model


@jax.jit
def masked_mean(batch):
    if keys.MASK_KEY in batch:
        return jnp.sum(batch[keys.DATA_KEY] * batch[keys.MASK_KEY]) / jnp.sum(batch[keys.MASK_KEY])
    return jnp.mean(batch[keys.DATA_KEY])


@partial(jax.jit, static_argnames=("name",))
def joint_position(model, name):
    if name not in model.joint_names():
        raise ValueError(f"no joint {name}")
    return model.q[model.joint_names().index(name)]


RUNS = [
    lambda: masked_mean({keys.DATA_KEY: jnp.arange(3.0), keys.MASK_KEY: jnp.array([1.0, 0.0, 1.0])}),
    lambda: masked_mean({keys.DATA_KEY: jnp.arange(3.0)}),
    lambda: joint_position(Model(jnp.arange(2.0), ("hip", "knee")), "knee"),
]
