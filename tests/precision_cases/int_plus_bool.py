"""An integer array plus (or minus) a boolean is an integer array: indexing with it is integer
indexing, not a boolean mask.

Seen as: jaxmarl `sel = jnp.arange(n - 1); sel += sel >= i; features[sel]` (the other agents) and
`size -= all_visited; stack.at[size].set(...)`.
"""

import jax
import jax.numpy as jnp


def others(features, i):
    sel = jnp.arange(features.shape[0] - 1)
    sel += sel >= i
    return jnp.concatenate(features[sel], axis=-1)


@jax.jit
def all_others(features):
    return jax.vmap(others, in_axes=(None, 0))(features, jnp.arange(features.shape[0]))


def push(carry, _):
    stack, size, visited = carry
    full = visited.sum() >= 3
    size -= full
    stack = stack.at[size].set(size)
    size += ~full
    return (stack, size, visited), None


@jax.jit
def dfs(visited):
    (stack, size, _), _ = jax.lax.scan(push, (jnp.zeros(8, jnp.int32), jnp.int32(0), visited), None, length=4)
    return stack, size


RUNS = [
    lambda: all_others(jnp.ones((3, 2))),
    lambda: dfs(jnp.array([True, False, True, False])),
]
