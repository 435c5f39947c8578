# Report: jax-ml/jax#3007 https://github.com/jax-ml/jax/issues/3007
# Class: 2 (arguments JAX needs static: a static_broadcasted_argnums position filled by keyword)
# Rule: JG201; no rule fits exactly: the static position exists but is filled by a keyword argument
# Reduced: "pmap static_broadcasted_argnums does not respect keyword arguments":
# `g = jax.pmap(f, static_broadcasted_argnums=(1,))`; `g(jnp.ones((8, 1)), b=1)` crashed
# while the positional call works. pmap matches static arguments by position only; after
# the fix (#3018) JAX 0.10.2 raises a ValueError ("All static broadcasted arguments must be
# passed positionally"). The leading axis is 1 here (one CPU device). Fix: pass it
# positionally.
import jax
import jax.numpy as jnp


def f(a, b):
    return a + b


g = jax.pmap(f, static_broadcasted_argnums=(1,))


# --- must be flagged ---


def crashes():
    return g(jnp.ones((1, 1)), b=1)  # expect: JG201


# --- must not be flagged ---


def works():
    return g(jnp.ones((1, 1)), 1)


RAISES = [(crashes, "ValueError")]
RUNS = [works]
