"""Positions and fields that stay Python values through unpacking and replacement under `jit`
(JAX 0.10.2): `count, *rest = (3, t, t)` and `*rest, count = ...` bind `count` to the literal's int
and `rest` to a list of the other positions (Python's starred unpacking); `rec._replace(value=...)`
of a NamedTuple and `dataclasses.replace(rec, value=...)` build a new instance whose other fields
keep what the old one held, so `count` stays the int every construction passed, also when the
name is rebound to the new instance.

Seen as: issue 10's tuple and record round trips (STARPOSITIONS, NTREPLACE, DCREPLACE in
docs/precision.md); before them the starred and `_replace` forms were flagged as traced truth
values.
"""

import dataclasses
from typing import NamedTuple

import jax
import jax.numpy as jnp


class Sample(NamedTuple):
    value: object
    count: int


@dataclasses.dataclass
class Tally:
    value: object
    count: int


@jax.jit
def head_then_rest(t):
    count, *rest = (3, t, t * 2)
    return rest[0] if count > 2 else rest[1]


@jax.jit
def rest_then_last(t):
    *rest, count = (t, t * 2, 1)
    return rest[-1] if count == 1 else rest[0]


@jax.jit
def tuple_replaced(t):
    s = Sample(t, 2)
    s = s._replace(value=t + 1)
    return s.value if s.count > 1 else t


@jax.jit
def dataclass_replaced(t):
    r = Tally(t, 4)
    r = dataclasses.replace(r, value=t * 3)
    return r.value if r.count > 1 else t



RUNS = [
    lambda: head_then_rest(jnp.array(0.5)),
    lambda: rest_then_last(jnp.array(0.5)),
    lambda: tuple_replaced(jnp.array(0.5)),
    lambda: dataclass_replaced(jnp.array(0.5)),
]
