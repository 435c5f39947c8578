"""JG202 unknown-argnames: examples that must and must not be flagged."""

from functools import partial

import jax
import jax.numpy as jnp

# --- must be flagged -------------------------------------------------------------------------


def typo_in_static_argnames():
    @partial(jax.jit, static_argnames=("traning",))  # expect: JG202
    def step(x, training=False):
        return x

    return step


def renamed_parameter():
    def update(params, grads, lr):
        return params - lr * grads

    return jax.jit(update, donate_argnames="state")  # expect: JG202


STATIC = ("num_layer",)


def names_from_a_constant():
    @partial(jax.jit, static_argnames=STATIC)  # expect: JG202
    def stack(x, num_layers):
        return x * num_layers

    return stack


def positional_only_by_name():
    def scale(x, n, /):
        return x * n

    return jax.jit(scale, static_argnames=("n",))  # expect: JG202


def positional_only_decorated():
    @partial(jax.jit, donate_argnames="state")  # expect: JG202
    def step(state, /, x):
        return state + x

    return step


def library_typo():
    return jax.jit(jnp.unique, static_argnames=("sise",))  # expect: JG202


def partial_applied_typo():
    def step(x, *, scale=2):
        return x * scale

    return partial(jax.jit, static_argnames=("scael",))(step)  # expect: JG202


# --- must not be flagged ---------------------------------------------------------------------


@partial(jax.jit, static_argnames=("mode",))
def keyword_only(x, *, mode="train"):
    return x * 2 if mode == "train" else x


@partial(jax.jit, static_argnames=("training",), donate_argnames=("state",))
def both_exist(state, x, training=False):
    return state + x


@partial(jax.jit, static_argnames=("anything",))
def takes_kwargs(x, **kwargs):
    return x



def positional_only_by_position():
    def scale(x, n, /):
        return x * n

    return jax.jit(scale, static_argnums=(1,))(jnp.ones(2), 3)


def partial_applied():
    def step(x, *, scale=2):
        return x * scale

    return partial(jax.jit, static_argnames=("scale",))(step)(jnp.ones(2), scale=3)


def library_by_name():
    return jax.jit(jnp.unique, static_argnames=("size",))(jnp.array([1, 1, 2]), size=2)


RAISES = [
    (positional_only_by_name, "ValueError"),
    (positional_only_decorated, "ValueError"),
    (library_typo, "ValueError"),
    (partial_applied_typo, "ValueError"),
    (names_from_a_constant, "ValueError"),
    (typo_in_static_argnames, "ValueError"),
    (renamed_parameter, "ValueError"),
]

RUNS = [
    lambda: keyword_only(jnp.ones(2), mode="eval"),
    lambda: both_exist(jnp.ones(2), jnp.ones(2), training=True),
    lambda: takes_kwargs(jnp.ones(2)),
    positional_only_by_position,
    partial_applied,
    library_by_name,
]
