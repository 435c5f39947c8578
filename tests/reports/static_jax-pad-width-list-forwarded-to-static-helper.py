# Report: jax-ml/jax#2379 https://github.com/jax-ml/jax/pull/2379
# Class: 5 (what reaches a static position: a list handed through a public wrapper to a static parameter)
# Rule: JG203
# Reduced: "Wrap pad_widths in a tuple to avoid cache misses": `jnp.pad(x, pad_widths, ...)`
# forwarded `pad_width` as given to a jitted `_pad` that takes it as a static argument, so a list
# `pad_width` recompiled on every call (identity hashing at the time). The same shape in user
# code today raises: a list at a static position is not hashable (ValueError "Non-hashable static
# arguments are not supported"). Fix (the PR's): convert to a tuple in the public wrapper.
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=1)
def _pad(array, pad_width):
    return jnp.pad(array, pad_width)


# --- must be flagged ---


def pad(array, pad_width):
    return _pad(array, pad_width)  # expect: JG203


def bug():
    return pad(jnp.ones(3), [1, 2])


# --- must not be flagged ---


def pad_fixed(array, pad_width):
    if isinstance(pad_width, list):
        pad_width = tuple(pad_width)
    return _pad(array, pad_width)


def fixed():
    return pad_fixed(jnp.ones(3), [1, 2])


RAISES = [(bug, "ValueError")]
RUNS = [fixed]
