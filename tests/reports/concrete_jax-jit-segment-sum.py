# Report: jax-ml/jax#6350 https://github.com/jax-ml/jax/issues/6350
# Class: 2 (arguments JAX needs static: `num_segments` of a library function jitted directly)
# Rule: JG105
# Reduced: the code, `jax.jit(jax.ops.segment_sum)(c, b)`: without `num_segments` the
# function computes it from the traced ids. Fix: pass `num_segments` as a static argument.
import functools

import jax
import numpy as np

# --- must be flagged ---


def bug():
    c = np.array([[1, 2, 3, 4], [4, 3, 2, 1], [5, 6, 7, 8]])
    b = np.array([0, 0, 1])
    jit_fn = jax.jit(jax.ops.segment_sum)
    return jit_fn(c, b)  # expect: JG105


# --- must not be flagged ---


def fixed():
    c = np.array([[1, 2, 3, 4], [4, 3, 2, 1], [5, 6, 7, 8]])
    b = np.array([0, 0, 1])
    jit_fn = jax.jit(functools.partial(jax.ops.segment_sum, num_segments=2))
    return jit_fn(c, b)


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
