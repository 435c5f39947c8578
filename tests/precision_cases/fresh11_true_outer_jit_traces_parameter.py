"""True look-alike of ``fresh11_decorated_static_through_outer_jit.py``: without the decorator,
``jax.jit(partial(render, scale=s))`` traces every argument its caller passes, ``depth`` too:
``if not depth:`` raises TracerBoolConversionError (JAX 0.10.2)."""

from functools import partial

import jax
import jax.numpy as jnp


def render(data, scale, depth=False):
    out = data * scale
    if not depth:  # expect: JG101
        return out
    return jnp.concatenate([out, out])


def build(scale):
    return jax.jit(partial(render, scale=scale))


RAISES = [(lambda: build(2.0)(jnp.ones(2), depth=True), "TracerBoolConversionError")]
