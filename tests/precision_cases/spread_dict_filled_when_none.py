"""Legal (SPREADKW, its default form): a helper whose ``opts=None`` parameter is filled by
``if opts is None: opts = {...}`` (or ``opts = opts or {...}``) and then spread, ``f(x, **opts)``,
binds each key of that display to the parameter of that name whenever every traced call leaves
``opts`` None: ``**None`` raises TypeError, so a spread that runs spreads the display. Here the
display gives ``min_max_vals`` a tuple of Python floats, so the density's ``if min_max_vals is
None:`` fallback (which reads the range off the traced data) never runs in the ``vmap`` trace, and
both calls run (JAX 0.10.2).
(``tests/precision_cases/fresh14_true_keywords_spread_none.py``: a traced call that passes its own
dict, which gives None, reaches the fallback and raises TracerBoolConversionError; it stays flagged.)
"""

import jax
import jax.numpy as jnp


def _local_density(x, min_max_vals=None):
    if min_max_vals is None:
        lo = jnp.min(x)
        hi = jnp.max(x)
    else:
        lo, hi = min_max_vals
    return jnp.linspace(lo, hi, int(hi - lo) + 1 if hi >= lo else 1) * jnp.mean(x)


def _filled_if_none(data, opts=None):
    if opts is None:
        opts = {"min_max_vals": (0.0, 3.0)}
    return _local_density(data, **opts)


def _filled_by_or(data, opts=None):
    opts = opts or {"min_max_vals": (0.0, 3.0)}
    return _local_density(data, **opts)


def spread_if_none(x):
    return jax.vmap(lambda data: _filled_if_none(data), in_axes=1)(x)


def spread_or(x):
    return jax.vmap(lambda data: _filled_by_or(data, None), in_axes=1)(x)


RUNS = [lambda: spread_if_none(jnp.arange(12.0).reshape(4, 3)), lambda: spread_or(jnp.arange(12.0).reshape(4, 3))]
