# Report: jax-ml/jax#6976 https://github.com/jax-ml/jax/issues/6976
# Class: 4 (NumPy on traced values: a NumPy ufunc applied to the argument of a jitted function)
# Rule: JG104
# Reduced: "Is doc in FAQ 'Different kinds of JAX values' wrong?": the FAQ showed `def func(x):
# print(x); return np.cos(x)` and `res = jax.jit(func)(0.)`, saying "This is why `np.cos` works
# in the example above"; the reader gets TracerArrayConversionError ("`x` is a traced object
# during the first run"). The maintainer: "I think this should be `jnp.cos` rather than
# `np.cos`". Fix (the docs'): `jnp.cos`.
import jax
import jax.numpy as jnp
import numpy as np

# --- must be flagged ---


def func(x):
    print(x)
    return np.cos(x)  # expect: JG104


def bug():
    return jax.jit(func)(0.0)


# --- must not be flagged ---


def func_jnp(x):
    print(x)
    return jnp.cos(x)


def fixed():
    return jax.jit(func_jnp)(0.0)


RAISES = [(bug, "TracerArrayConversionError")]
RUNS = [fixed]
