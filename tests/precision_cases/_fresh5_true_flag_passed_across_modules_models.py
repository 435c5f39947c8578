"""The caller of fresh5_true_flag_passed_across_modules.coeffs (another module)."""

import jax
import jax.numpy as jnp

from tests.precision_cases import fresh5_true_flag_passed_across_modules as interpolate


@jax.jit
def model(y):
    x = jnp.linspace(0.0, 1.0, y.shape[0])
    return interpolate.coeffs(x, y, use_jax=False)


@jax.jit
def model_default(y):
    x = jnp.linspace(0.0, 1.0, y.shape[0])
    return interpolate.coeffs(x, y)
