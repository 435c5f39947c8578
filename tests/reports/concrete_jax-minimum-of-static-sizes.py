# Report: jax-ml/jax#4798 https://github.com/jax-ml/jax/issues/4798
# Class: 3 (everything created inside jit is traced: jnp.minimum of two Python ints)
# Rule: JG105
# Reduced: the issue's `foo`: `n_actual = jnp.minimum(jnp.shape(x)[0], n)` with `n` static is a
# traced array, so `jnp.arange(n_actual)` fails. Fix: Python `min` of the static values.
import functools

import jax
import jax.numpy as jnp

# --- must be flagged ---


@functools.partial(jax.jit, static_argnums=(0,))
def foo(n, x):
    n_aval = jnp.shape(x)[0]
    n_actual = jnp.minimum(n_aval, n)
    return jnp.arange(n_actual)  # expect: JG105


def bug():
    return foo(5, jnp.arange(10))


# --- must not be flagged ---


@functools.partial(jax.jit, static_argnums=(0,))
def foo_static(n, x):
    n_actual = min(jnp.shape(x)[0], n)
    return jnp.arange(n_actual)


def fixed():
    return foo_static(5, jnp.arange(10))


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
