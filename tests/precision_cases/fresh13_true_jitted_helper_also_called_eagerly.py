"""The counterpart of fresh13_jitted_helper_under_outer_jit: the same private helper, called from
another module's jitted function and also from plain Python here, in a loop over configurations.
The eager calls compile the jitted stencil once per static `axis` (and shape): the compiles grow
with the number of configurations (checked on JAX 0.10.2), so the call stays flagged: one caller
that is not under a trace is enough.
"""

from functools import partial
from typing import NamedTuple

import jax
import jax.numpy as jnp


class Config(NamedTuple):
    dimensionality: int
    spacing: float = 1.0


@partial(jax.jit, static_argnames=("axis",))
def stencil_add(x, axis):
    return jnp.roll(x, 1, axis=axis) - jnp.roll(x, -1, axis=axis)


def _gravity_source(config):
    phi = jnp.arange(4.0**config.dimensionality).reshape((4,) * config.dimensionality) ** 2
    total = jnp.zeros_like(phi)
    for axis in range(1, config.dimensionality + 1):
        total = total + stencil_add(phi, axis=axis - 1) / config.spacing  # expect: JG302
    return total


def eager_sources(n):
    return [_gravity_source(Config(d)) for d in range(1, n + 1)]


def _run():
    from tests.precision_cases import _fresh13_true_jitted_helper_also_called_eagerly_step as step

    return step.sources(jnp.ones((4, 4)), Config(2))


RUNS = [_run]
GROWS = [eager_sources]
