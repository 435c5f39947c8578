"""The true look-alike of `precgaps_starred_and_replaced_fields.py`: the position or field tested
is the traced one (a starred list's element built from the jitted argument, the replaced `level`),
so each test takes a tracer's truth value: TracerBoolConversionError under `jit` (JAX 0.10.2)."""

import dataclasses
from typing import NamedTuple

import jax
import jax.numpy as jnp


class Reading(NamedTuple):
    sensor: int
    level: object


@dataclasses.dataclass
class Gauge:
    sensor: int
    level: object


@jax.jit
def first_of_many(v):
    label, *levels = ("a", v, v + 1)
    return levels[1] if levels[0] else label  # expect: JG101


@jax.jit
def reading_updated(v):
    r = Reading(7, v)
    r = r._replace(level=v * v)
    assert r.level >= 0  # expect: JG103
    return r.sensor


@jax.jit
def gauge_updated(v):
    g = Gauge(3, v)
    g = dataclasses.replace(g, level=-v)
    return jnp.where(g.level, 1, 0) if not g.level else 0  # expect: JG101


RAISES = [
    (lambda: first_of_many(jnp.array(3.0)), "TracerBoolConversionError"),
    (lambda: reading_updated(jnp.array(3.0)), "TracerBoolConversionError"),
    (lambda: gauge_updated(jnp.array(3.0)), "TracerBoolConversionError"),
]
