"""A helper with a flag parameter defaulting to a literal (`use_jax=True`) that picks a jitted
`jax.numpy` path or a NumPy path: every call from traced code (in other modules) leaves the flag
to its default, so `if use_jax:` is True in every trace and the NumPy path never runs there. It
runs only where a caller passes `use_jax=False` with NumPy arrays: a table built once per static
size, under `jax.ensure_compile_time_eval()` in an `lru_cache`d function (checked on JAX 0.10.2:
the jitted model and the jitted interpolation both run).

Seen as (held-out 5): a galaxy-simulation package's `akima_interp_coeffs(x, y, use_jax=True)`
dispatching to `_akima_interp_coeffs_jax` or `_akima_interp_coeffs_nojax` (boolean-mask
assignment into `np.zeros_like`); two profile classes call it from jitted methods with the
default, an interpolant's cached table with `use_jax=False` (JG104 and JG105, 11 findings, before).
"""

import jax
import jax.numpy as jnp
import numpy as np


def coeffs(x, y, use_jax=True):
    if use_jax:
        return _coeffs_jax(x, y)
    else:
        return _coeffs_nojax(x, y)


def _coeffs_nojax(x, y):
    mi = (y[1:] - y[:-1]) / (x[1:] - x[:-1])
    w = np.abs(mi)
    out = np.zeros_like(w)
    msk = w > 1e-12
    out[msk] = mi[msk]
    return out


@jax.jit
def _coeffs_jax(x, y):
    mi = (y[1:] - y[:-1]) / (x[1:] - x[:-1])
    return jnp.where(jnp.abs(mi) > 1e-12, mi, 0.0)


def _run():
    from tests.precision_cases import _fresh5_default_flag_across_modules_models as models

    return models.model(jnp.arange(10.0) ** 2), models.interp(jnp.float32(0.3), 10)


RUNS = [_run]
