# Report: jax-ml/jax#5853 https://github.com/jax-ml/jax/pull/5853 ("Improve error when tracer is used as a list index", after jax#5839)
# Class: 4 (NumPy and Python on traced values: a Python list indexed by a tracer)
# Rule: JG104
# Reduced: the PR's example, `jax.jit(lambda i: [1, 2, 3][i])(0)`: a Python list cannot be
# indexed by a traced integer, the list asks the tracer for `__index__` (0.10.2:
# TracerIntegerConversionError). The fix the PR's new message gives: make the list an array,
# `jnp.asarray(obj)[idx]`.
import jax
import jax.numpy as jnp

# --- must be flagged ---


def bug():
    pick = jax.jit(lambda i: [1, 2, 3][i])  # expect: JG104
    return pick(0)


# --- must not be flagged ---


def fixed():
    pick = jax.jit(lambda i: jnp.asarray([1, 2, 3])[i])
    return pick(0)


RAISES = [(bug, "TracerIntegerConversionError")]
RUNS = [fixed]
