# Report: jax-ml/jax#553 https://github.com/jax-ml/jax/issues/553
# Class: 4 (a NumPy array indexed by a traced array)
# Rule: JG104
# Reduced: the issue's `fun(x)`: `np.arange(x.shape[0])[x]`. In 2019 `np.arange` returned a
# plain NumPy array even from jax.numpy; here the NumPy array is explicit. Indexing it with the
# traced `x` asks NumPy to convert the tracer. Fix (the maintainer's): build the range with
# `lax.iota` (or jnp.arange) so the indexing happens in JAX.
import jax.numpy as jnp
import numpy as onp
from jax import jit, lax

# --- must be flagged ---


def fun(x):
    r = onp.arange(x.shape[0])[x]  # expect: JG104
    return r


def bug():
    return jit(fun)(jnp.array([0, 1, 2], dtype=jnp.int32))


# --- must not be flagged ---


def fun_iota(x):
    r = lax.iota(jnp.int32, x.shape[0])[x]
    return r


def fixed():
    return jit(fun_iota)(jnp.array([0, 1, 2], dtype=jnp.int32))


RAISES = [(bug, "TracerArrayConversionError")]
RUNS = [fixed]
