"""Legal (held-out 14): ``f(**opts)`` with ``opts = {"min_max_vals": (lo, hi), ...}`` binds each key
to the parameter of that name, as ``f(min_max_vals=(lo, hi))`` does (Python's call semantics). So
a helper's ``if min_max_vals is None:`` branch, whose fallback reads the range off the (traced)
data, never runs when every traced call spreads a dict that gives it a tuple: the vmapped calls
below run (JAX 0.10.2), here and across modules.
(``tests/precision_cases/fresh14_true_keywords_spread_none.py``: the same spread of a dict that
gives None reaches the fallback under ``vmap`` and raises TracerBoolConversionError.)

Seen as (held-out 14): a stochastic-simulation package computes the grid of a kernel density
estimate once from all species, ``grid_params = {"n_grid_points": n, "min_max_vals": (float(lo),
float(hi)), ...}``, and vmaps ``lambda data: kde(data, kernel=kind, **grid_params)[1]`` over the
species; ``kde`` (another module) falls back to ``int(max_val - min_val)`` of the data's range only
when no range is given.
"""

import jax
import jax.numpy as jnp

from tests.precision_cases._fresh14_keywords_spread_from_dict_density import density


def spread_range(x, n_grid_points=None, min_max_vals=None):
    if min_max_vals is None:
        min_val = jnp.floor(jnp.min(x))
        max_val = jnp.ceil(jnp.max(x))
    else:
        min_val, max_val = min_max_vals
    grid_params = {"n_grid_points": n_grid_points, "min_max_vals": (float(min_val), float(max_val)), "normalise": True}

    def _one(data):
        return density(data, **grid_params)[1]

    return jax.vmap(_one, in_axes=1, out_axes=1)(x)


def _local_density(x, min_max_vals=None):
    if min_max_vals is None:
        lo = jnp.min(x)
        hi = jnp.max(x)
    else:
        lo, hi = min_max_vals
    return jnp.linspace(lo, hi, int(hi - lo) + 1 if hi >= lo else 1) * jnp.mean(x)


def spread_here(x):
    return jax.vmap(lambda data: _local_density(data, **{"min_max_vals": (0.0, 3.0)}), in_axes=1)(x)


RUNS = [lambda: spread_range(jnp.arange(12.0).reshape(4, 3)), lambda: spread_here(jnp.arange(12.0).reshape(4, 3))]
