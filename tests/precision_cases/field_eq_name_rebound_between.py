"""Legal (fieldeq, JG203): a static argument's ``@dataclass`` with its own ``__hash__`` over a name
field and an array in another field raises only when a second instance of the same hash is
compared with the first (the generated ``__eq__`` takes the truth value of the arrays' ``==``).
Two constructions that write the same variable for the hashed field are not equal when the
variable is rebound between them (``name = "arm"`` ... ``name = "leg"``), nor when a factory
builds the instance from its own parameter and is called with different names: both run under
JAX 0.10.2. The hashed field's source text is not its value.
(``tests/precision_cases/true_field_eq_same_name_twice.py``: the same name, unchanged, raises.)
"""

import dataclasses
from functools import partial

import jax
import jax.numpy as jnp


@dataclasses.dataclass
class Joint:
    label: str
    offsets: jax.Array

    def __hash__(self):
        return hash(self.label)

    @staticmethod
    def build(label):
        return Joint(label, jnp.array([0.0, 0.5, 1.0]))


@partial(jax.jit, static_argnames=("joint",))
def moved(joint, step):
    return joint.offsets + step


def renamed_between():
    label = "shoulder"
    moved(joint=Joint(label, jnp.array([0.0, 0.5, 1.0])), step=1.0)
    label = "elbow"
    return moved(joint=Joint(label, jnp.array([0.0, 0.5, 1.0])), step=1.0)


def built_by_a_factory():
    moved(joint=Joint.build("wrist"), step=1.0)
    return moved(joint=Joint.build("finger"), step=1.0)


RUNS = [renamed_between, built_by_a_factory]
