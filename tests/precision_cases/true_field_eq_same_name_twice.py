"""True (look-alike of field_eq_name_rebound_between.py): two constructions of a ``@dataclass``
with its own ``__hash__`` over a name field, an array in another field, passed at a static
position of one jitted function, with the same value in the hashed field: a parameter the function
never rebinds, or a name bound once to a literal. Same hash, so JAX compares the second instance
with the first by the generated ``__eq__``, and the truth value of the arrays' ``==`` raises
ValueError (JAX 0.10.2).
"""

import dataclasses
from functools import partial

import jax
import jax.numpy as jnp


@dataclasses.dataclass
class Link:
    label: str
    offsets: jax.Array

    def __hash__(self):
        return hash(self.label)


@partial(jax.jit, static_argnames=("link",))
def moved(link, step):
    return link.offsets + step


def same_parameter(label):
    moved(link=Link(label, jnp.array([0.0, 0.5, 1.0])), step=1.0)
    return moved(link=Link(label, jnp.array([0.0, 0.5, 1.0])), step=1.0)  # expect: JG203


def same_constant():
    label = "hip"
    moved(link=Link(label, jnp.array([0.0, 0.5, 1.0])), step=1.0)
    return moved(link=Link("hip", jnp.array([0.0, 0.5, 1.0])), step=1.0)  # expect: JG203


RAISES = [(lambda: same_parameter("knee"), "ValueError"), (same_constant, "ValueError")]
