"""``pairs = zip(static, traced)`` then ``for j, v in pairs:`` gives ``j`` an element of
``static`` and ``v`` one of ``traced``, as ``for j, v in zip(static, traced):`` does: a zip object
yields tuples built position by position, whatever name holds it.

In a ``lax.scan`` step, ``j`` from a NamedTuple's tuple of Python ints stays a Python int, so ``if
j in uses[k]:`` is a Python test (JAX 0.10.2).
(``tests/precision_cases/fresh11_true_zip_bound_to_name.py``: the traced position tested instead
raises TracerBoolConversionError.)

Seen as (held-out 11): a spiking-network e-prop step, ``filtered = zip(structure.filtered,
structure.gains, eligibility.presynaptic, strict=True)`` then ``for j, gain, activity in
filtered: if j in structure.uses[k]:`` in a helper of a ``lax.scan`` body (1 finding).
"""

from typing import NamedTuple

import jax
import jax.numpy as jnp


class Structure(NamedTuple):
    filtered: tuple
    uses: tuple


def trace_step(structure, x, activity):
    out = x
    filtered = zip(structure.filtered, activity, strict=True)
    for j, act in filtered:
        if j in structure.uses[0]:
            out = out + act
    return out


def run(structure, xs):
    def step(carry, x):
        return carry, trace_step(structure, x, carry)

    carry = tuple(jnp.zeros(2) for _ in structure.filtered)
    return jax.lax.scan(step, carry, xs)[1]


RUNS = [lambda: run(Structure((0, 1), ((0,), (0, 1))), jnp.ones((3, 2)))]
