"""True (held-out 14 look-alike): a dict spread into a helper, ``f(data, **opts)``, that gives
``min_max_vals`` None (or leaves it out) sends the helper down its fallback, which reads the range
off the traced data: under ``vmap`` the comparison's truth value raises TracerBoolConversionError
(JAX 0.10.2), as does a dict changed in place before the call. Its legal look-alike is ``tests/precision_cases/fresh14_keywords_spread_from_dict.py``.
"""

import jax
import jax.numpy as jnp


def _local_density(x, min_max_vals=None):
    if min_max_vals is None:
        lo = jnp.min(x)
        hi = jnp.max(x)
    else:
        lo, hi = min_max_vals
    return jnp.linspace(lo, hi, int(hi - lo) + 1 if hi >= lo else 1) * jnp.mean(x)  # expect: JG101, JG104


def spread_none(x):
    opts = {"min_max_vals": None}
    return jax.vmap(lambda data: _local_density(data, **opts), in_axes=1)(x)


def spread_changed(x):
    # the display gives a range, but the dict is changed before the call: what it holds is not read
    opts = {"min_max_vals": (0.0, 3.0)}
    opts.update(min_max_vals=None)
    return jax.vmap(lambda data: _local_density(data, **opts), in_axes=1)(x)


RAISES = [(lambda: spread_none(jnp.arange(12.0).reshape(4, 3)), "TracerBoolConversionError"),
          (lambda: spread_changed(jnp.arange(12.0).reshape(4, 3)), "TracerBoolConversionError")]
