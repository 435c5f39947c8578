# Report: jax-ml/jax#3712 https://github.com/jax-ml/jax/pull/3712
# Class: 5 (what reaches a static position: a list passed on by a wrapper)
# Rule: JG203
# Reduced: "clean up jax internals in preparation for only allowing hashable values passed as
# static args": `jax.image.resize(image, shape, method)` passed its `shape` straight on to a
# jitted `_resize` whose shape is static, so a caller's list (`[8, 8]`) reached the static
# position; the PR changes the call to `_resize(image, tuple(shape), method, antialias)`. Here the
# wrapper and its jitted worker are our own, the worker calling `jax.image.resize`. Fix (the PR's):
# `tuple(shape)` before the static position.
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(1, 2))
def _resize(image, shape, method):
    return jax.image.resize(image, shape, method)


# --- must be flagged ---


def resize(image, shape, method):
    return _resize(image, shape, method)  # expect: JG203


def bug():
    return resize(jnp.ones((4, 4)), [8, 8], "linear")


# --- must not be flagged ---


def resize_tuple(image, shape, method):
    return _resize(image, tuple(shape), method)


def fixed():
    return resize_tuple(jnp.ones((4, 4)), [8, 8], "linear")


RAISES = [(bug, "ValueError")]
RUNS = [fixed]
