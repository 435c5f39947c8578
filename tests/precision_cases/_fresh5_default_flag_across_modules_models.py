"""The callers of fresh5_default_flag_across_modules.coeffs (another module, as in the package)."""

import functools

import jax
import jax.numpy as jnp
import numpy as np

from tests.precision_cases import fresh5_default_flag_across_modules as interpolate


@jax.jit
def model(y):
    x = jnp.linspace(0.0, 1.0, y.shape[0])
    return interpolate.coeffs(x, y)


@functools.lru_cache(maxsize=8)
def _table(n):
    k = np.linspace(0.0, 1.0, n)
    return interpolate.coeffs(k, k**2, use_jax=False)


@functools.partial(jax.jit, static_argnames=("n",))
def interp(k, n):
    with jax.ensure_compile_time_eval():
        t = _table(n)
    return jnp.interp(k, jnp.linspace(0.0, 1.0, n - 1), t)
