# Report: jax-ml/jax#4449 https://github.com/jax-ml/jax/issues/4449
# Class: 3 (everything created inside jit is traced: jnp arithmetic on a static size)
# Rule: JG105
# Reduced: the issue's `custom_ones`: `count = jnp.add(arr.size, 1)` is a traced array under
# jit (omnistaging), so `jnp.ones((count,))` has a traced shape. Fix: Python arithmetic on the
# static size (`arr.size + 1`).
import jax
import jax.numpy as jnp

# --- must be flagged ---


@jax.jit
def custom_ones(arr):
    count = jnp.add(arr.size, 1)
    return jnp.ones((count,))  # expect: JG105


def bug():
    return custom_ones(jnp.ones((3,)))


# --- must not be flagged ---


@jax.jit
def custom_ones_static(arr):
    count = arr.size + 1
    return jnp.ones((count,))


def fixed():
    return custom_ones_static(jnp.ones((3,)))


RAISES = [(bug, "TypeError")]
RUNS = [fixed]
