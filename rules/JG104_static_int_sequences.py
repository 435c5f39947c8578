"""JG104 on a parameter JAX reads as a sequence of Python ints, given tracers.

`lax.conv`'s `window_strides`, `lax.slice`'s `start_indices`, `lax.reduce_window`'s
`window_dimensions`, `lax.pad`'s `padding_config`, ...: JAX reads each element as a Python int
when it builds the operation, so a tuple that `jax.jit` traces (every argument is traced unless
static) or a tuple holding a traced value raises (TracerArrayConversionError or TypeError, JAX
0.10.2). Which parameters these are is found by running each function under jit with a tuple of
Python ints (it runs), the same tuple traced and a traced array (both raise):
`jaxsig.STATIC_INT_SEQUENCES`. A tuple read from `.shape`, or a parameter marked static, is fine.
"""

from functools import partial

import jax
import jax.numpy as jnp
from jax import lax

IMAGE = jnp.ones((1, 1, 6, 6))
KERNEL = jnp.ones((1, 1, 3, 3))

# --- must be flagged -------------------------------------------------------------------------


def strided(image, kernel, strides):
    return lax.conv(image, kernel, strides, "SAME")  # expect: JG104


def conv_traced_strides():
    return jax.jit(strided)(IMAGE, KERNEL, (2, 2))


@jax.jit
def crop(x, start):
    return lax.slice(x, (0, 0, start, start), (1, 1, 4, 4))  # expect: JG104


def crop_traced_start():
    return crop(IMAGE, 1)


@jax.jit
def pooled(x, size):
    return lax.reduce_window(x, 0.0, lax.add, (1, 1, size, size), (1, 1, 1, 1), "VALID")  # expect: JG104


def pool_traced_window():
    return pooled(IMAGE, 2)


# --- must not be flagged ---------------------------------------------------------------------


def static_strides():
    return jax.jit(strided, static_argnums=2)(IMAGE, KERNEL, (2, 2))


@partial(jax.jit, static_argnums=1)
def crop_static(x, start):
    return lax.slice(x, (0, 0, start, start), (1, 1, 4, 4))


def crop_static_start():
    return crop_static(IMAGE, 1)


@jax.jit
def half_window(x):
    return lax.reduce_window(x, 0.0, lax.add, (1, 1, x.shape[2] // 2, x.shape[3] // 2), (1, 1, 1, 1), "VALID")


def pool_from_shape():
    return half_window(IMAGE)


RAISES = [(conv_traced_strides, "TracerArrayConversionError"), (crop_traced_start, "TypeError"),
          (pool_traced_window, "TypeError")]
RUNS = [static_strides, crop_static_start, pool_from_shape]
