# Report: jax-ml/jax#15386 https://github.com/jax-ml/jax/issues/15386
# Class: 2 (arguments JAX needs static: the transform length `n` of `jnp.fft.fft`)
# Rule: JG105
# Reduced: "jit fails for fft": a helper `my_fft(a, n)` computing the FFT of `a` with `n` points
# runs eagerly but fails as `jax.jit(my_fft)(a, 1024)`; the maintainer: "the second argument
# controls the shape of the output, and in JAX output shapes must be static", fix
# `jax.jit(my_fft, static_argnums=1)(a, 1024)`. The thread shows the call, not the helper's body;
# here the helper passes `n` straight to `jnp.fft.fft`, which under JAX 0.10.2 raises
# TracerIntegerConversionError (the length is converted with `__index__`). Fix (the
# maintainer's): the length marked static at the `jax.jit` call.
import jax
import jax.numpy as jnp

# --- must be flagged ---


def my_fft(a, n):
    return jnp.fft.fft(a, n)  # expect: JG105


def bug():
    a = jnp.ones(1000)
    return jax.jit(my_fft)(a, 1024)


# --- must not be flagged ---


def my_padded_fft(a, n):
    return jnp.fft.fft(a, n)


def fixed():
    a = jnp.ones(1000)
    return jax.jit(my_padded_fft, static_argnums=1)(a, 1024)


RAISES = [(bug, "TracerIntegerConversionError")]
RUNS = [fixed]
