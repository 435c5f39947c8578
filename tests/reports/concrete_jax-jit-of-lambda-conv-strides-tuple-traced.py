# Report: jax-ml/jax#1453 https://github.com/jax-ml/jax/issues/1453
# Class: 2 (arguments JAX needs static: a convolution's window strides passed through jit)
# Rule: JG104
# Reduced: "jitting lax.conv causes AttributeError": `conv = lambda A, kernel, stride: lax.conv(A,
# kernel, stride, 'SAME')` works eagerly, but `jit(conv)(A, kernel, (1, 1))` fails: jit traces
# every argument, so the strides tuple becomes a tuple of tracers and `lax.conv` reads them as
# Python integers (JAX 0.10.2: TracerArrayConversionError from the conv line). The strides are
# part of the convolution's shape: mark them static (`jit(conv, static_argnums=2)`).
import jax
import jax.numpy as jnp
from jax import lax

A = jnp.ones((1, 1, 4, 4))
KERNEL = jnp.ones((1, 1, 3, 3))

# --- must be flagged ---

conv = lambda A, kernel, stride: lax.conv(A, kernel, stride, "SAME")  # expect: JG104


def bug():
    return jax.jit(conv)(A, KERNEL, (1, 1))


# --- must not be flagged ---


def strided_conv(image, kernel, stride):
    return lax.conv(image, kernel, stride, "SAME")


def fixed():
    return jax.jit(strided_conv, static_argnums=2)(A, KERNEL, (1, 1))


RAISES = [(bug, "TracerArrayConversionError")]
RUNS = [fixed]
