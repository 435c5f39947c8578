# Report: aesara-devs/aesara#89 https://github.com/aesara-devs/aesara/issues/89
# Class: 3 (everything created inside jit is traced: a NumPy constant bound with partial)
# Rule: JG105
# Reduced: the maintainer's MWE after JAX 0.2.1 removed "symbolic" inputs for `jnp.unique`:
# `jax.jit(partial(unique, a))()` with `a` a NumPy array fails ("Abstract tracer value
# encountered where concrete value is expected"): the bound array reaches `jnp.unique` as a traced
# value and the output size is data-dependent. Fix used here (the one JAX's error message
# suggests): give `jnp.unique` a static `size`.
from functools import partial

import jax
import numpy as np

a = np.arange(6).reshape((3, 2))

# --- must be flagged ---


def unique(x):
    return jax.numpy.unique(x)  # expect: JG105


def bug():
    return jax.jit(partial(unique, a))()


# --- must not be flagged ---


def unique_sized(x):
    return jax.numpy.unique(x, size=x.size)


def fixed():
    return jax.jit(partial(unique_sized, a))()


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
