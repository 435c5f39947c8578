# Report: jax-ml/jax#5550 https://github.com/jax-ml/jax/issues/5550
# Class: 2 (arguments JAX needs static: the pad width of `jnp.pad`)
# Rule: JG105
# Reduced: the example from #5550 that jax-ml/jax#5558 quotes: a non-local-means filter
# `nlm(img, search_window)` is jitted with both arguments traced and pads the image with
# `jnp.pad(img, (search_window, search_window))`; the pad width sets the output's shape, so JAX
# needs it concrete (at the time an opaque "iteration over a 0-d array" error, in JAX 0.10.2 a
# ConcretizationTypeError). Fix: make `search_window` static.
import functools

import jax
import jax.numpy as jnp


# --- must be flagged ---


@jax.jit
def nlm(img, search_window):
    img_pad = jnp.pad(img, (search_window, search_window))  # expect: JG105
    return img_pad.sum()


def bug():
    return nlm(jnp.arange(25.0).reshape((5, 5)), 5)


# --- must not be flagged ---


@functools.partial(jax.jit, static_argnums=1)
def nlm_static(img, search_window):
    img_pad = jnp.pad(img, (search_window, search_window))
    return img_pad.sum()


def fixed():
    return nlm_static(jnp.arange(25.0).reshape((5, 5)), 5)


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
