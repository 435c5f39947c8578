"""True: the look-alike of `fresh5_default_flag_across_modules.py` where a jitted caller in another
module passes `use_jax=False`: the NumPy path runs in that trace, and `np.abs` of a tracer raises
TracerArrayConversionError (checked on JAX 0.10.2).
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
    return np.abs(mi)  # expect: JG104


@jax.jit
def _coeffs_jax(x, y):
    mi = (y[1:] - y[:-1]) / (x[1:] - x[:-1])
    return jnp.abs(mi)


def _run():
    from tests.precision_cases import _fresh5_true_flag_passed_across_modules_models as models

    return models.model(jnp.arange(10.0) ** 2)


RAISES = [(_run, "TracerArrayConversionError")]
