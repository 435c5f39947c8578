"""True (look-alikes of spread_dict_filled_when_none.py): the display that ``if opts is None: opts =
{...}`` fills in is not what is spread when a traced call passes its own dict (here one giving
``bounds=None``), or when the dict is changed after it is filled (``opts.update(bins=None)``):
the helpers fall back to values read off the traced data, and under ``vmap`` a comparison's truth
value raises TracerBoolConversionError, ``int`` of a tracer ConcretizationTypeError (JAX 0.10.2).
"""

import jax
import jax.numpy as jnp


def _clipped(samples, bounds=None):
    if bounds is None:
        bounds = (jnp.min(samples), jnp.max(samples))
    scale = 1.0 if bounds[1] > bounds[0] else 0.0  # expect: JG101
    return jnp.clip(samples, *bounds) * scale


def _binned(samples, bins=None, width=1.0):
    if bins is None:
        bins = int(jnp.ptp(samples) / width)  # expect: JG104
    return jnp.floor(samples * bins)


def _clip_if_none(samples, opts=None):
    if opts is None:
        opts = {"bounds": (0.0, 5.0)}
    return _clipped(samples, **opts)


def _bin_then_changed(samples, opts=None):
    if opts is None:
        opts = {"bins": 8}
    opts.update(bins=None)
    return _binned(samples, **opts)


def given_own_dict(x):
    return jax.vmap(lambda column: _clip_if_none(column, {"bounds": None}), in_axes=1)(x)


def changed_after(x):
    return jax.vmap(lambda column: _bin_then_changed(column), in_axes=1)(x)


RAISES = [(lambda: given_own_dict(jnp.arange(12.0).reshape(4, 3)), "TracerBoolConversionError"),
          (lambda: changed_after(jnp.arange(12.0).reshape(4, 3)), "ConcretizationTypeError")]
