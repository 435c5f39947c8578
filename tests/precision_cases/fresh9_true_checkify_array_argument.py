"""True look-alike of ``fresh9_checkify_keeps_arguments.py``: under ``checkify.checkify`` the
arrays a function receives are concrete, but every JAX operation on them is staged, so a Python
``if`` on ``jnp.sum(x)`` or on ``x[0]`` raises TracerBoolConversionError (JAX 0.10.2), as it
does under jit.
"""

import jax.numpy as jnp
from jax.experimental import checkify


def clip_positive(x, limit):
    if jnp.sum(x) > limit:  # expect: JG101
        return x / jnp.sum(x)
    return x


def first_sign(x):
    if x[0] > 0:  # expect: JG101
        return x
    return -x


RAISES = [
    (lambda: checkify.checkify(clip_positive)(jnp.ones(3), 1.0), "TracerBoolConversionError"),
    (lambda: checkify.checkify(first_sign)(jnp.ones(3)), "TracerBoolConversionError"),
]
