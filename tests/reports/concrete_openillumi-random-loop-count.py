# Report: https://openillumi.com/en/en-jax-jit-dynamic-loop-error-fix (Q&A: TracerIntegerConversionError with a random loop count)
# Class: 3 (everything created inside jit is traced: a count drawn with jax.random)
# Rule: JG104
# Reduced: inside a jitted function the number of iterations is drawn with
# `jax.random.randint(...)` and passed to Python's `range()`; the draw is a tracer. Fix (the
# page's): draw outside jit, convert with `int()`, pass the count as a static argument.
import functools

import jax
import jax.numpy as jnp

# --- must be flagged ---


@jax.jit
def random_walk(key, x):
    n_steps = jax.random.randint(key, (), 1, 5)
    for _ in range(n_steps):  # expect: JG104
        x = x + 1.0
    return x


def bug():
    return random_walk(jax.random.PRNGKey(0), jnp.zeros(()))


# --- must not be flagged ---


@functools.partial(jax.jit, static_argnums=(1,))
def fixed_walk(x, n_steps):
    for _ in range(n_steps):
        x = x + 1.0
    return x


def fixed():
    n_steps = int(jax.random.randint(jax.random.PRNGKey(0), (), 1, 5))
    return fixed_walk(jnp.zeros(()), n_steps)


RAISES = [(bug, "TracerIntegerConversionError")]
RUNS = [fixed]
