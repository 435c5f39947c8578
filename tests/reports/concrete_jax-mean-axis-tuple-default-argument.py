# Report: jax-ml/jax#1922 https://github.com/jax-ml/jax/issues/1922
# Class: 2 (arguments JAX needs static: a reduction's `axis` passed as an argument of the jitted function)
# Rule: JG104
# Reduced: "passing parameters to jax.jit'ed functions": `@jit def test(inputs, axis=(0,))` calls
# `jnp.mean(inputs, axis=axis, keepdims=True)`; called as `test(inputs, axis=(0,))` the tuple is a
# pytree of traced integers and the reduction needs them as Python ints. The thread's function
# body is kept (a normalisation step); the fix is the maintainers' usual answer, mark `axis`
# static (a tuple is hashable).
import functools

import jax
import jax.numpy as jnp
import numpy as np

INPUTS = np.random.RandomState(0).uniform(size=(8, 16))

# --- must be flagged ---


@jax.jit
def test(inputs, axis=(0,)):
    mean = jnp.mean(inputs, axis=axis, keepdims=True)  # expect: JG104
    return inputs - mean


def bug():
    return test(INPUTS, axis=(0,))


# --- must not be flagged ---


@functools.partial(jax.jit, static_argnames="axis")
def test_static(inputs, axis=(0,)):
    mean = jnp.mean(inputs, axis=axis, keepdims=True)
    return inputs - mean


def fixed():
    return test_static(INPUTS, axis=(0,))


RAISES = [(bug, "TracerIntegerConversionError")]
RUNS = [fixed]
