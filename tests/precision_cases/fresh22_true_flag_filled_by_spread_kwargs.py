"""The true look-alike of `fresh22_static_flag_filled_by_spread_kwargs.py`: the flag the spread
fills is not static, so the caller's traced value reaches `if custom_init:` (a
TracerBoolConversionError).
"""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("nlenses",))
def images(w, nlenses=2, custom_init=False, **params):
    if custom_init:  # expect: JG101
        return w + 1.0
    return w * params["a"] + nlenses


@jax.jit
def magnification(w, **params):
    _params = {**params, "a": 0.5}
    return images(w, nlenses=2, **_params)


RAISES = [(lambda: magnification(jnp.ones(3), custom_init=True), "TracerBoolConversionError")]
