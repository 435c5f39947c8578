# Report: https://openillumi.com/?p=43923 (Q&A: "Non-hashable static arguments are not supported in Jax when using vmap")
# Class: 5 (what reaches a static position: a vmapped tracer, through functools.partial)
# Rule: JG203
# Reduced: `map_row(z, alpha, T)` is jitted with `static_argnums=(2,)`; `vmap(partial(map_row,
# alpha, T))` binds `alpha` and `T` first, so the batched `z` lands at position 2, the static
# one, and JAX cannot hash the tracer. Fix (the page's): `vmap(lambda z: map_row(z, alpha, T))`.
import functools

import jax
import jax.numpy as jnp

# --- must be flagged ---


@functools.partial(jax.jit, static_argnums=(2,))
def map_row(z, alpha, T):
    return jnp.sum(z * alpha) / T


def run(inputs, alpha=0.5, T=2):
    return jax.vmap(functools.partial(map_row, alpha, T))(inputs)  # expect: JG203


def bug():
    return run(jnp.ones((4, 3)))


# --- must not be flagged ---


def run_lambda(inputs, alpha=0.5, T=2):
    return jax.vmap(lambda z: map_row(z, alpha, T))(inputs)


def fixed():
    return run_lambda(jnp.ones((4, 3)))


RAISES = [(bug, "ValueError")]
RUNS = [fixed]
