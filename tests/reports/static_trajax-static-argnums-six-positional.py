# Report: google/trajax#17 https://github.com/google/trajax/issues/17
# Class: 5 (declarations: static_argnums past the last positional parameter)
# Rule: JG201
# Reduced: running trajax's tests and examples under jax 0.4.30 fails with "Jitted function has
# static_argnums=(0, 6), but only accepts 6 positional arguments". The issue shows only the error:
# the decorated function and its parameter names are not shown; here a six-parameter function
# `ilqr`-like solver with (0, 6) static. Fix: count from 0 (the last positional is 5), or name it.
import functools

import jax
import jax.numpy as jnp

# --- must be flagged ---


def bug():
    @functools.partial(jax.jit, static_argnums=(0, 6))  # expect: JG201
    def solve(cost, x0, U, a, b, c):
        return cost(x0, U) + a + b + c

    return solve(lambda x, u: jnp.sum(x) + jnp.sum(u), jnp.ones(2), jnp.ones(3), 1.0, 2.0, 3.0)


# --- must not be flagged ---


def fixed():
    @functools.partial(jax.jit, static_argnums=(0, 5))
    def solve(cost, x0, U, a, b, c):
        return cost(x0, U) + a + b + c

    return solve(lambda x, u: jnp.sum(x) + jnp.sum(u), jnp.ones(2), jnp.ones(3), 1.0, 2.0, 3)


RAISES = [(bug, "ValueError")]
RUNS = [fixed]
