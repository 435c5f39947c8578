"""The stencils and the private helpers of fresh13_jitted_helper_under_outer_jit (another module,
as in the package): the helpers are called only from that module's jitted `sources`."""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("shift", "axis"))
def roll(x, shift, axis):
    return jnp.roll(x, shift, axis=axis)


@partial(jax.jit, static_argnames=("axis",))
def stencil_add(x, axis):
    return jnp.roll(x, 1, axis=axis) - jnp.roll(x, -1, axis=axis)


def _shift(x, shift, axis):  # a wrapper: its callers' `axis` is roll's static one
    return roll(x, shift, axis)


def _potential(config):
    return jnp.arange(4.0 ** config.dimensionality).reshape((4,) * config.dimensionality) ** 2


def _gravity_source(config):
    phi = _potential(config)
    total = jnp.zeros_like(phi)
    for axis in range(1, config.dimensionality + 1):
        total = total + stencil_add(phi, axis=axis - 1) / config.spacing
    return total


def _flux_source(config):
    phi = _potential(config)
    total = jnp.zeros_like(phi)
    for axis in range(1, config.dimensionality + 1):
        total = total + _shift(phi, 1, axis=axis - 1)
    return total
