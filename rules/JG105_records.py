"""JG105 on records at a traced position: every field of a NamedTuple (every data field of a
registered dataclass) that a jitted function receives as a traced argument is a tracer, a
Python int too, so it cannot size an array. Metadata fields, fields given None and records at
static positions stay Python values.
"""

import dataclasses
from functools import partial
from typing import NamedTuple, Optional

import jax
import jax.numpy as jnp

# --- must be flagged -------------------------------------------------------------------------


class Window(NamedTuple):
    width: int
    scale: float
    offset: Optional[float] = None


def padded(x, window):
    pad = jnp.zeros((window.width, x.shape[-1]))  # expect: JG105
    return jnp.concatenate([x * window.scale, pad])


WINDOW = Window(width=2, scale=0.5)


def pad_batch():
    return jax.jit(padded)(jnp.ones((3, 4)), WINDOW)


@jax.jit
def ramp(x, window):
    base = x if window.offset is None else x + window.offset  # None stays None: a Python test
    return base + jnp.arange(window.width)  # expect: JG105


@partial(jax.tree_util.register_dataclass, data_fields=["weight", "steps"], meta_fields=["size"])
@dataclasses.dataclass
class Schedule:
    weight: float
    steps: int
    size: int


@jax.jit
def warmup(x, schedule):
    return x + jnp.ones(schedule.steps) * schedule.weight  # expect: JG105


# --- must not be flagged ---------------------------------------------------------------------


def pad_batch_static():
    pad = jax.jit(padded, static_argnames="window")  # a hashable NamedTuple at a static position
    return pad(jnp.ones((3, 4)), window=WINDOW)


@jax.jit
def sized(x, schedule):
    return x[: schedule.size] * schedule.weight + jnp.zeros(schedule.size)  # metadata: a Python int


RAISES = [
    (pad_batch, "TypeError"),
    (lambda: ramp(jnp.ones(3), Window(3, 1.0)), "TypeError"),
    (lambda: warmup(jnp.ones(3), Schedule(0.1, 3, 3)), "TypeError"),
]

RUNS = [
    pad_batch_static,
    lambda: sized(jnp.ones(3), Schedule(0.1, 3, 3)),
]
