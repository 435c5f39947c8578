"""A transform applied inside traced code compiles nothing of its own: a `@jax.jit` function
defined (or a `jax.jit(lambda ...)` built) inside a function that is itself traced is traced as
part of the outer function; only the outer function compiles, once per input signature.

Seen as: chex `jitted_outer_fn` defining a jitted `inner_fn`; jaxmarl `compute_reward` (a jitted
method) defining a jitted `compute_team_reward`; haiku `jax.jit(lambda x, y: x + y, inline=True)`
in a module's `__call__`, which runs inside the traced, transformed function.
"""

import functools

import jax
import jax.numpy as jnp


@jax.jit
def outer(x):
    @jax.jit
    def inner(y):
        return y.sum()

    return inner(2 * x)


class Rewards:
    def __init__(self, num_teams):
        self.num_teams = num_teams

    @functools.partial(jax.jit, static_argnums=(0,))
    def compute(self, health_before, health_after):
        @functools.partial(jax.jit, static_argnums=(0,))
        def team_reward(team):
            return (health_before[team] - health_after[team]).sum()

        return jnp.stack([team_reward(t) for t in range(self.num_teams)])


class AddModule:
    def __call__(self, a, b):
        return jax.jit(lambda x, y: x + y, inline=True)(a, b)


@jax.jit
def apply_module(a, b):
    return AddModule()(a, b)


def outer_in_loop(n):
    return [outer(jnp.float32(i)) for i in range(n)]


REWARDS = Rewards(2)


def rewards_in_loop(n):
    return [REWARDS.compute(jnp.ones((2, 3)) * i, jnp.zeros((2, 3))) for i in range(n)]


def module_in_loop(n):
    return [apply_module(jnp.float32(i), jnp.float32(1)) for i in range(n)]


RUNS = [lambda: outer_in_loop(3), lambda: rewards_in_loop(3), lambda: module_in_loop(3)]
BOUNDED = [outer_in_loop, rewards_in_loop, module_in_loop]
