# Report: https://openillumi.com/?p=120704 (Stack Overflow question retold: "apply a function to a slice x[:index] and assign it back" under @jax.jit)
# Class: 2 (arguments JAX needs static: a slice bound passed as an argument)
# Rule: JG105
# Reduced: `@jax.jit def fun(x, index): x[:index] = other_fun(x[:index]); return x`. The slice
# `x[:index]` has a traced stop, so its length is unknown while tracing (0.10.2: IndexError
# "Slice entries must be static integers"), before the in-place assignment is even reached.
# The page's functional fix: apply the function everywhere and select the first `index`
# entries with a mask, `jnp.where(jnp.arange(x.shape[0]) < index, other_fun(x), x)`.
import jax
import jax.numpy as jnp


def other_fun(v):
    return v * 2.0


# --- must be flagged ---


@jax.jit
def fun(x, index):
    x[:index] = other_fun(x[:index])  # expect: JG105
    return x


def bug():
    return fun(jnp.arange(5.0), 2)


# --- must not be flagged ---


@jax.jit
def fun_where(x, index):
    mask = jnp.arange(x.shape[0]) < index
    return jnp.where(mask, other_fun(x), x)


def fixed():
    return fun_where(jnp.arange(5.0), 2)


RAISES = [(bug, "IndexError")]
RUNS = [fixed]
