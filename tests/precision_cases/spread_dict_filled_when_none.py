"""Legal (SPREADKW, its default form): a helper whose ``opts=None`` parameter is filled by
``if opts is None: opts = {...}`` (or ``opts = opts or {...}``) and then spread, ``f(x, **opts)``,
binds each key of that display to the parameter of that name whenever every traced call leaves
``opts`` None: ``**None`` raises TypeError, so a spread that runs spreads the display. Here the
display gives ``bins`` a Python int and ``bounds`` a tuple of Python floats, so the histogram's
fallbacks (a bin count and a range read off the traced data) never run in the ``vmap`` trace, and
both calls run (JAX 0.10.2).
(``tests/precision_cases/true_spread_dict_given_or_changed.py``: a traced call that passes its own
dict, or a dict changed after it is filled, reaches the fallback and raises; both stay flagged.)
"""

import jax
import jax.numpy as jnp


def _histogram(samples, bins=None, bounds=None):
    if bounds is None:
        bounds = (jnp.min(samples), jnp.max(samples))
    if bins is None:
        bins = max(1, int(bounds[1] - bounds[0]))
    edges = jnp.linspace(bounds[0], bounds[1], bins + 1)
    return jnp.histogram(samples, edges)[0]


def _counts_if_none(samples, opts=None):
    if opts is None:
        opts = {"bins": 4, "bounds": (0.0, 12.0)}
    return _histogram(samples, **opts)


def _counts_by_or(samples, opts=None):
    opts = opts or {"bins": 3, "bounds": (0.0, 12.0)}
    return _histogram(samples, **opts)


def per_column(x):
    return jax.vmap(lambda column: _counts_if_none(column), in_axes=1)(x)


def per_column_or(x):
    return jax.vmap(lambda column: _counts_by_or(column, None), in_axes=1)(x)


RUNS = [lambda: per_column(jnp.arange(12.0).reshape(4, 3)), lambda: per_column_or(jnp.arange(12.0).reshape(4, 3))]
