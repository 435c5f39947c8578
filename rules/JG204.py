"""JG204 static-and-donated: examples that must and must not be flagged."""

from functools import partial

import jax
import jax.numpy as jnp

# --- must be flagged -------------------------------------------------------------------------


def same_position():
    def update(x, state):
        return x + state

    return jax.jit(update, static_argnums=(1,), donate_argnums=(1,))  # expect: JG204


def number_and_name():
    @partial(jax.jit, static_argnums=(1,), donate_argnames=("state",))  # expect: JG204
    def update(x, state):
        return x + state

    return update


# --- must not be flagged ---------------------------------------------------------------------


@partial(jax.jit, static_argnames=("steps",), donate_argnames=("state",))
def disjoint(state, x, steps=1):
    for _ in range(steps):
        state = state + x
    return state


RAISES = [
    (same_position, "ValueError"),
    (number_and_name, "ValueError"),
]

RUNS = [
    lambda: disjoint(jnp.ones(2), jnp.ones(2), steps=2),
]
