"""JG203 unhashable-static, a transform that maps or traces every argument of a jit whose
function is not a def of the file: examples that must and must not be flagged.

`jax.jit(g, static_argnums=1)` hashes the argument at position 1 on every call, whatever `g` is
(a library function such as `jax.nn.one_hot` or `jnp.tile`, whose signature is not in sight).
`jax.vmap(jf)(a, b)` (no `in_axes`: every argument mapped), `jax.jit(jf)(a, b)` or
`jax.make_jaxpr(jf)(a, b)` call it with a tracer there, and JAX cannot hash a tracer (ValueError
"Non-hashable static arguments are not supported", JAX 0.10.2). Keeping the position unmapped
(`in_axes=(0, None)`), calling it eagerly, or passing the static value from a lambda runs.
"""

import jax
import jax.numpy as jnp

one_hot_static = jax.jit(jax.nn.one_hot, static_argnums=1)
tile_static = jax.jit(jnp.tile, static_argnums=1)


# --- must be flagged ---------------------------------------------------------------------------


def encode_all(labels, counts):
    return jax.vmap(one_hot_static)(labels, counts)  # expect: JG203


def tile_rows(rows, reps):
    local = jax.jit(jnp.tile, static_argnums=1)
    return jax.vmap(local)(rows, reps)  # expect: JG203


def staged_tile(rows):
    return jax.make_jaxpr(tile_static)(rows, 2)  # expect: JG203


# --- must not be flagged ---------------------------------------------------------------------


def encode_all_unmapped(labels):
    return jax.vmap(one_hot_static, in_axes=(0, None))(labels, 10)


def encode_eagerly(labels):
    return one_hot_static(labels, 10)


def tile_rows_fixed(rows):
    return jax.vmap(lambda r: tile_static(r, 2))(rows)


RAISES = [
    (lambda: encode_all(jnp.array([2, 3]), jnp.array([10, 10])), "ValueError"),
    (lambda: tile_rows(jnp.ones((2, 3)), jnp.array([2, 2])), "ValueError"),
    (lambda: staged_tile(jnp.ones(3)), "ValueError"),
]
RUNS = [
    lambda: encode_all_unmapped(jnp.array([2, 3])),
    lambda: encode_eagerly(jnp.array([2, 3])),
    lambda: tile_rows_fixed(jnp.ones((2, 3))),
]
