# Report: jax-ml/jax#3620 https://github.com/jax-ml/jax/issues/3620
# Class: 2 (arguments JAX needs static: a pad width)
# Rule: JG105
# Reduced: the issue's `pad_last_dim(array, pad_size)`: builds the pad widths with `jnp.zeros` and
# an index update from `pad_size`, then `jnp.pad(array, npad, ...)`; it works eagerly and raises
# under `jit` because the result size depends on the traced pad width. Fix (the answer's): make
# `pad_size` static and build the widths as Python tuples (a jnp array made inside jit would be
# traced even then).
import jax
import jax.numpy as jnp
import numpy as np


def pad_last_dim(array, pad_size):
    ndim = jnp.ndim(array)
    npad = jnp.zeros((ndim, 2), dtype=jnp.int32)
    npad = npad.at[ndim - 1, 1].set(pad_size)
    return jnp.pad(array, npad, "constant", constant_values=0)  # expect: JG105


VALS = np.ones((5, 10), np.float32)

# --- must be flagged ---


def bug():
    return jax.jit(pad_last_dim)(VALS, 1)


# --- must not be flagged ---


def pad_last_dim_fixed(array, pad_size):
    npad = [(0, 0)] * (array.ndim - 1) + [(0, pad_size)]
    return jnp.pad(array, npad, "constant", constant_values=0)


def fixed():
    return jax.jit(pad_last_dim_fixed, static_argnums=1)(VALS, 1)


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
