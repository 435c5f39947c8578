"""The true look-alike of `fresh22_array_module_passed_across_modules.py`: the traced caller, in
another module, leaves the array module at its NumPy default, so `np.clip` gets a tracer and
raises (TracerArrayConversionError).
"""

import numpy as np


def weights(u, n, xp=np):
    i = xp.clip(xp.floor(u), 0, n - 2).astype(int)  # expect: JG104
    f = u - i
    return i, f


def _run():
    import jax
    import jax.numpy as jnp

    from tests.precision_cases._fresh22_true_array_module_default_across_modules_model import interp

    return interp(jnp.arange(8.0), jnp.linspace(0.0, 5.0, 7), 8)


RAISES = [(_run, "TracerArrayConversionError")]
