"""A pytree registration can decide metadata by annotation, in another module than the classes
and the jitted code: a base class whose `__init_subclass__` registers every subclass with a
flatten that puts the fields whose annotation holds `jax.Array` (tested recursively through
`typing.get_args`) in the children and every other field in the aux data. Under jit the
`np.ndarray` and `int` fields stay Python values: `address[dim == 1]` is NumPy boolean indexing
with a static result shape, `range(d.ncon)` a Python loop.

Seen as (held-out): mujoco-mjx `PyTreeNode` (`_src/dataclasses.py`: `__init_subclass__` calls
`dataclass(cls)`, which splits `dataclasses.fields` with `_jax_in_args(field.type)`), `Contact`
in `_src/types.py`, and `_src/solver.py`'s `d._impl.contact.efc_address[d._impl.contact.dim == 1]`.
"""

import jax
import jax.numpy as jnp
import numpy as np

from tests.precision_cases._pytree_meta_by_annotation_across_modules_types import Contact, Data


@jax.jit
def quadratic_cost(d: Data, quad):
    dim1 = d.contact.efc_address[d.contact.dim == 1]
    elliptic = d.contact.efc_address[d.contact.dim > 1]
    total = quad[dim1].sum() + quad[elliptic].sum() + d.contact.dist.sum()
    for i in range(d.ncon):
        total = total + d.qpos[i]
    return total


def run():
    contact = Contact(jnp.ones(3), np.array([1, 3, 1]), np.array([0, 1, 4]), (0, 1), None)
    return quadratic_cost(Data(jnp.ones(3), contact, 2), jnp.ones(6))


RUNS = [run]
