# Report: chromatix-team/chromatix#150 https://github.com/chromatix-team/chromatix/pull/150
# Class: 2 (arguments JAX needs static: the length given to jnp.arange)
# Rule: JG105
# Reduced: "Add chirp z transform.": the first version of `czt` "wasn't compatible with `jit`
# because this `arange` was a dynamic array", the arange's length being an argument of the jitted
# transform; the author "added an additional argument to pass the input length, which needs to be
# set as a static argument". The chirp z transform is reduced to the chirp it builds from
# `jnp.arange(n)`. Fix (the PR's): the length is static.
from functools import partial

import jax
import jax.numpy as jnp


# --- must be flagged ---


@jax.jit
def czt(x, n, w):
    k = jnp.arange(n)  # expect: JG105
    chirp = w ** (k**2 / 2.0)
    return x[:n] * chirp


def bug():
    return czt(jnp.ones(8), 8, 0.9)


# --- must not be flagged ---


@partial(jax.jit, static_argnums=1)
def czt_static(x, n, w):
    k = jnp.arange(n)
    chirp = w ** (k**2 / 2.0)
    return x[:n] * chirp


def fixed():
    return czt_static(jnp.ones(8), 8, 0.9)


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
