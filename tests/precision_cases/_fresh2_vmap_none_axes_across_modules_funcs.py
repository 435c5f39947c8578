"""Helper module of fresh2_vmap_none_axes_across_modules.py: the vmapped functions live here, the
vmaps in the case."""

import jax.numpy as jnp


def interp_table(t, grid, table):
    rows = table.tolist()
    return jnp.array([jnp.interp(t, grid, jnp.array(row)) for row in rows])


def make_filter(half_length, sigma, width):
    q = jnp.arange(-half_length, half_length + 1)
    return jnp.exp(-(q**2) / (2 * sigma**2)) / (1 + (q / width) ** 2)

