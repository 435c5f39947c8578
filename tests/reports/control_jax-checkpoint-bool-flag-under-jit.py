# Report: jax-ml/jax#7426 https://github.com/jax-ml/jax/issues/7426
# Class: 3 (everything created inside jit is traced: jax.checkpoint traces a Python bool flag)
# Rule: JG101
# Reduced: "issue composing jax.checkpoint with jax.jit on function with (concrete) bool
# parameter": `bool_fn(x, flag)` branches with `if flag:`; `jax.jit(lambda x: bool_fn(x,
# flag=False))` works, but `jax.jit(lambda x: jax.checkpoint(bool_fn)(x, flag=False))` fails:
# checkpoint abstracts all of its arguments, keyword ones included, so the literal False
# arrives as a tracer (under JAX 0.10.2 this fails with or without the outer jit;
# TracerBoolConversionError). The user met it through flax.linen's lifted remat, which the
# thread does not show. Fix from the thread: close over the flag before checkpoint
# (`jax.checkpoint(partial(bool_fn, flag=False))`), or `static_argnums`.
from functools import partial
from typing import Optional

import jax
from jax import numpy as jnp


def bool_fn(x, flag: Optional[bool] = None):
    if flag:  # expect: JG101
        return x
    return x - 1


# --- must be flagged ---


def fails():
    return jax.jit(lambda x: jax.checkpoint(bool_fn)(x, flag=False))(jnp.ones((10,), jnp.float32))


# --- must not be flagged ---


def succeeds():
    return jax.jit(jax.checkpoint(partial(bool_fn, flag=False)))(jnp.ones((10,), jnp.float32))


def succeeds_static():
    return jax.jit(lambda x: jax.checkpoint(bool_fn, static_argnums=(1,))(x, False))(
        jnp.ones((10,), jnp.float32))


RAISES = [(fails, "TracerBoolConversionError")]
RUNS = [succeeds, succeeds_static]
