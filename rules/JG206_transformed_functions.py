"""JG206 on a function made by a JAX transform decorator, passed where a jitted function traces it.

`@jax.jit` makes a `PjitFunction`, `@jax.vmap`/`@jax.grad` (and `value_and_grad`, `jacfwd`,
`jacrev`, `hessian`, `checkpoint`) a wrapped Python function, `@jax.custom_jvp` a `custom_jvp`
object, `@functools.lru_cache` a cached function: none is a pytree, so at a traced position of a
jitted function JAX cannot turn it into an array and raises TypeError ("Error interpreting argument
... as an abstract array"; JAX 0.10.2, also as a differentiated argument of `jax.grad`). Declaring
the parameter static (the function hashes by identity), or closing over the function, is legal;
so is `jax.tree_util.Partial`, a pytree, and a function made by `equinox.filter_jit`, a Module.
"""

from functools import partial

import jax
import jax.numpy as jnp


@jax.jit
def drift(state):
    return -0.5 * state


@jax.vmap
def batched_energy(state):
    return jnp.sum(state**2)


@jax.jit
def euler_step(field, state, h):
    return state + h * field(state)


@partial(jax.jit, static_argnums=0)
def euler_step_static(field, state, h):
    return state + h * field(state)


# --- must be flagged -------------------------------------------------------------------------


def advance(state):
    return euler_step(drift, state, 0.1)  # expect: JG206


def total_energy(states):
    return jax.jit(lambda f, s: f(s).sum())(batched_energy, states)  # expect: JG206


# --- must not be flagged ---------------------------------------------------------------------


def advance_static(state):
    return euler_step_static(drift, state, 0.1)  # static: hashed, one compile


def advance_closed(state):
    return jax.jit(lambda s: s + 0.1 * drift(s))(state)


def advance_partial(state):
    return euler_step(jax.tree_util.Partial(drift), state, 0.1)  # a pytree


RAISES = [
    (lambda: advance(jnp.ones(3)), "TypeError"),
    (lambda: total_energy(jnp.ones((2, 3))), "TypeError"),
]

RUNS = [
    lambda: advance_static(jnp.ones(3)),
    lambda: advance_closed(jnp.ones(3)),
    lambda: advance_partial(jnp.ones(3)),
]
