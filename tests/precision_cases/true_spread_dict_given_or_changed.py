"""True (look-alikes of spread_dict_filled_when_none.py): the display that ``if opts is None: opts =
{...}`` fills in is not what is spread when a traced call passes its own dict (here one giving
``min_max_vals=None``), or when the dict is changed after it is filled; either way the density
falls back to the range of the traced data and the comparison's truth value raises
TracerBoolConversionError under ``vmap`` (JAX 0.10.2).
"""

import jax
import jax.numpy as jnp


def _density_given(x, min_max_vals=None):
    if min_max_vals is None:
        lo = jnp.min(x)
        hi = jnp.max(x)
    else:
        lo, hi = min_max_vals
    return jnp.linspace(lo, 3.0, 4) * (1.0 if hi >= lo else 2.0)  # expect: JG101


def _density_changed(x, min_max_vals=None):
    if min_max_vals is None:
        lo = jnp.min(x)
        hi = jnp.max(x)
    else:
        lo, hi = min_max_vals
    return jnp.linspace(lo, 3.0, 4) * (1.0 if hi >= lo else 2.0)  # expect: JG101


def _filled_if_none(data, opts=None):
    if opts is None:
        opts = {"min_max_vals": (0.0, 3.0)}
    return _density_given(data, **opts)


def _filled_then_changed(data, opts=None):
    if opts is None:
        opts = {"min_max_vals": (0.0, 3.0)}
    opts.update(min_max_vals=None)
    return _density_changed(data, **opts)


def spread_given(x):
    return jax.vmap(lambda data: _filled_if_none(data, {"min_max_vals": None}), in_axes=1)(x)


def spread_changed(x):
    return jax.vmap(lambda data: _filled_then_changed(data), in_axes=1)(x)


RAISES = [(lambda: spread_given(jnp.arange(12.0).reshape(4, 3)), "TracerBoolConversionError"),
          (lambda: spread_changed(jnp.arange(12.0).reshape(4, 3)), "TracerBoolConversionError")]
