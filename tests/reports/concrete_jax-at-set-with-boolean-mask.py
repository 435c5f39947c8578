# Report: jax-ml/jax#21994 https://github.com/jax-ml/jax/issues/21994
# Class: 4 (a boolean mask inside `.at[...]` under jit)
# Rule: JG105
# Reduced: the two examples, unchanged: `x.at[x < 5].set(0)` and
# `x.at[:4, jnp.mod(x[0], 2) == 0].set(0)` fail under `jax.jit` (NonConcreteBooleanIndexError)
# while the `jnp.where` forms the issue gives as `g` run. The issue asks for the feature; the
# answer keeps `jnp.where` as the way.
import jax
import jax.numpy as jnp

# --- must be flagged ---


def f(x):
    return x.at[x < 5].set(0)  # expect: JG105


def f2(x):
    return x.at[:4, jnp.mod(x[0], 2) == 0].set(0)  # expect: JG105


def bug1():
    return jax.jit(f)(jnp.arange(10))


def bug2():
    return jax.jit(f2)(jnp.reshape(jnp.arange(100), shape=(10, 10)))


# --- must not be flagged ---


def g(x):
    return jnp.where(x < 5, 0, x)


def g2(x):
    return x.at[:4].set(jnp.where(jnp.mod(x[0], 2) == 0, 0, x[:4]))


def fixed():
    return jax.jit(g)(jnp.arange(10)), jax.jit(g2)(jnp.reshape(jnp.arange(100), shape=(10, 10)))


RAISES = [(bug1, "NonConcreteBooleanIndexError"), (bug2, "NonConcreteBooleanIndexError")]
RUNS = [fixed]
