# Report: jax-ml/jax#4712 https://github.com/jax-ml/jax/issues/4712
# Class: 5 (what reaches a static position: a list)
# Rule: JG203
# Reduced: the issue's `dummy_add_fn` with `static_argnums=(0,)` called with `dummy_arg = [0]`.
# In 2020 this recompiled on every new list; today JAX raises at the call. Fix: a tuple.
import functools

import jax
import jax.numpy as jnp

# --- must be flagged ---


@functools.partial(jax.jit, static_argnums=(0,))
def dummy_add_fn(dummy, x):
    return x + 1


def run():
    dummy_arg = [0]
    real_arg = jnp.zeros((3,))
    return dummy_add_fn(dummy_arg, real_arg)  # expect: JG203


# --- must not be flagged ---


def run_tuple():
    dummy_arg = (0,)
    real_arg = jnp.zeros((3,))
    return dummy_add_fn(dummy_arg, real_arg)


RAISES = [(run, "ValueError")]
RUNS = [run_tuple]
