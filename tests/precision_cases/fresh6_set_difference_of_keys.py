"""An operator on Python containers gives a Python container: ``set(batch) - set(KEYS)`` is a set
of the dict's keys (strings), not an array.

Under ``jax.jit`` a dict argument arrives as a dict: its keys are Python strings, only its
values are tracers. ``set(batch)`` is the set of its keys, and ``-``, ``|``, ``&``, ``^`` of two
sets (``+``/``*`` of lists and tuples, ``|`` of dicts) build another Python container of their
elements: ``sorted`` of it orders strings, ``if unexpected:`` tests its length (checked on JAX
0.10.2). No operator applied to Python containers makes an array (it is a container or a
TypeError); only ``+`` of two containers was known.

Seen as (held-out 6): an LLM package's jitted train step calls `validate_batch(batch)`, which
checks `unexpected = sorted(set(batch) - set(BATCH_KEYS))` and raises KeyError when it is not
empty.
"""

from typing import Any, Mapping

import jax
import jax.numpy as jnp

KEYS = ("x", "y", "mask")


def validate(batch: Mapping[str, Any]) -> None:
    unexpected = sorted(set(batch) - set(KEYS))
    if unexpected:
        raise KeyError(f"unsupported keys {unexpected}")
    common = sorted(set(batch) & {"x", "mask"})
    if len(common) > 1 and common[0] != "mask":
        raise KeyError("mask needs x")


@jax.jit
def step(batch: dict[str, jax.Array]):
    validate(batch)
    parts = [batch["x"]] * 2 + [batch["y"]]
    return sum(jnp.sum(p) for p in parts)


RUNS = [lambda: step({"x": jnp.ones(3), "y": jnp.ones(3)})]
