"""`jax.tree_util.tree_map(query, tree)` with a query that reads only the dtype or the type of a
leaf (`jnp.iscomplexobj`, `jnp.isrealobj`, `jnp.issubdtype(x.dtype, ...)`) returns a tree of
Python bools, also when the leaves are tracers: the mapped function is called on each leaf and
keeps its result kind. `any(jax.tree_util.tree_leaves(...))` of those bools, and an `if` on it,
are static under `jax.jit`/`jax.grad` (checked on JAX 0.10.2).

Seen as (held-out 2): `tree_leaf_iscomplex(pars)` returning
`any(jax.tree_util.tree_leaves(jax.tree_util.tree_map(jnp.iscomplexobj, pars)))`, and its
`isrealobj` twin, called from the jitted update step of an optimizer to choose the real or the
complex formula.
"""

import jax
import jax.numpy as jnp


def has_complex_leaf(tree):
    return any(jax.tree_util.tree_leaves(jax.tree_util.tree_map(jnp.iscomplexobj, tree)))


def has_real_leaf(tree):
    return any(jax.tree.leaves(jax.tree.map(jnp.isrealobj, tree)))


def all_floating(tree):
    flags = jax.tree_util.tree_map(lambda x: jnp.issubdtype(x.dtype, jnp.floating), tree)
    return all(jax.tree_util.tree_leaves(flags))


@jax.jit
def update(params, grads):
    if has_complex_leaf(params):
        grads = jax.tree.map(jnp.conj, grads)
    scale = 0.5 if has_real_leaf(params) and all_floating(params) else 1.0
    return jax.tree.map(lambda p, g: p - scale * g, params, grads)


RUNS = [
    lambda: update({"w": jnp.ones(3), "b": jnp.zeros(())}, {"w": jnp.ones(3), "b": jnp.ones(())}),
    lambda: update({"w": jnp.ones(3, jnp.complex64)}, {"w": jnp.ones(3, jnp.complex64) * 1j}),
]
