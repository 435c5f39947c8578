"""Helper module of fresh14_keywords_spread_from_dict.py: a public density estimate whose
``None`` defaults fall back to ranges and sizes read from the data (the eager path)."""

import jax.numpy as jnp


def density(x, n_grid_points=None, min_max_vals=None, normalise=True):
    x = jnp.asarray(x).reshape(-1)
    if min_max_vals is None:
        min_val = jnp.floor(jnp.min(x))
        max_val = jnp.ceil(jnp.max(x))
    else:
        min_val, max_val = min_max_vals
    if n_grid_points is None:
        n_grid_points = int(max_val - min_val) + 1 if max_val >= min_val else 1
    grid = jnp.linspace(min_val, max_val, int(n_grid_points))
    values = jnp.exp(-((x[:, None] - grid[None, :]) ** 2)).sum(0)
    return grid, values / values.sum() if normalise else values
