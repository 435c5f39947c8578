# Variant of: tests/reports/concrete_jax-mask-from-static-args-inside-jit.py
# Class: 3 (everything created inside jit is traced: a mask from static arguments)
# Rule: JG105
# Axis: (a) the `jnp.arange(n) < k` mask is made by a helper called inside the jitted function,
# both of its arguments static; the boolean index is in the caller.
import functools

import jax
import jax.numpy as jnp
import numpy as np


def first_k(n, k):
    return jnp.arange(n) < k


def first_k_numpy(n, k):
    return np.arange(n) < k


# --- must be flagged ---


@functools.partial(jax.jit, static_argnums=(1,))
def head_sum(x, k):
    mask = first_k(x.shape[0], k)
    return x[mask].sum()  # expect: JG105


def bug():
    return head_sum(jnp.arange(6.0), 3)


# --- must not be flagged ---


@functools.partial(jax.jit, static_argnums=(1,))
def head_sum_numpy(x, k):
    mask = first_k_numpy(x.shape[0], k)
    return x[mask].sum()


def fixed():
    return head_sum_numpy(jnp.arange(6.0), 3)


RAISES = [(bug, "NonConcreteBooleanIndexError")]
RUNS = [fixed]
