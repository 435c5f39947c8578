"""``x.at[idx].max(v)`` and ``x.at[idx].min(v)`` are scatter updates: their argument is the values
to combine into ``x`` at ``idx``, an array (traced or not), not an axis.

``x.max(axis)`` needs a static axis (JAX converts it to a Python int), but ``x.at[i]`` is no array:
it is JAX's index-update reference, whose ``max``/``min`` (like ``set``, ``add``) take the update
values. Under ``jax.vmap`` or ``jax.jit`` with traced values, masks and indices, both run (JAX
0.10.2).

Seen as (held-out 11): a multi-agent environment's renderer, ``teammate_map.at[pos[:, 0], pos[:,
1], channel].max(on_screen)`` in a vmapped per-player function, and its construction step,
``setup_got_complete.at[initiator_ids].max(is_completing)`` (2 findings).
"""

import jax
import jax.numpy as jnp


def render(pos):
    def add(i):
        grid = jnp.zeros((4, 4, 3), dtype=jnp.int32)
        local = -1 * pos[i] + pos + 2
        on_screen = jnp.logical_and(local >= 0, local < 4).all(axis=-1)
        return grid.at[local[:, 0], local[:, 1], jnp.arange(3)].max(on_screen)

    return jax.vmap(add)(jnp.arange(3))


@jax.jit
def complete(flags, ids, done):
    lowest = flags.astype(jnp.float32).at[ids].min(done.astype(jnp.float32))
    return flags.at[ids].max(done), lowest


RUNS = [
    lambda: render(jnp.zeros((3, 2), dtype=jnp.int32)),
    lambda: complete(jnp.zeros(4, dtype=bool), jnp.array([0, 2]), jnp.array([True, False])),
]
