# Report: https://github.com/ARHashemi/JAXTrace (jaxtrace/gpu/search/incremental_search_vectorized.py, and the note "TracerBoolConversionError Fix Complete": "The error occurred while tracing the function search_level1_multihop_vectorized ... for jit. This concrete value was not available in Python because it depends on the value of the argument n_hops.")
# Class: 2 (arguments JAX needs static: an integer option with a default, read by a nested per-particle function)
# Rule: JG101
# Reduced: the particle search is `@jax.jit` with the hop count `n_hops: int = 2` among its
# parameters; the per-particle function defined inside (vmapped over the particles) expands the
# neighbourhood with `if n_hops >= 2:`, `if n_hops >= 3:`, ... The production RK4 step passes
# `n_hops=RK4_L1_HOP_COUNT` (4) by keyword, so the hop count is traced and the first `if` raises
# TracerBoolConversionError at the JIT warm-up. Here the mesh is an element-neighbour table and
# "inside" a distance test. Fix: the hop count a static argument (`static_argnames=("n_hops",)`;
# the note's own fix moved the jit onto the inner function instead).
from functools import partial

import jax
import jax.numpy as jnp

RK4_L1_HOP_COUNT = 4


def _inside(pos, centers, elem):
    return jnp.sum((pos - centers[elem]) ** 2) < 0.25


# --- must be flagged ---


@jax.jit
def search_level1_multihop_vectorized(positions, cached_element_ids, element_neighbors, centers, n_hops=2):
    def check_one_particle_multihop(pos, cached_id):
        candidates = element_neighbors[cached_id]
        if n_hops >= 2:  # expect: JG101
            candidates = jnp.concatenate([candidates, element_neighbors[candidates].ravel()])
        hits = jax.vmap(lambda e: _inside(pos, centers, e))(candidates)
        return jnp.where(jnp.any(hits), candidates[jnp.argmax(hits)], -1)

    return jax.vmap(check_one_particle_multihop)(positions, cached_element_ids)


def rk4_warm_up(positions, cached, neighbors, centers):
    return search_level1_multihop_vectorized(positions, cached, neighbors, centers, n_hops=RK4_L1_HOP_COUNT)


# --- must not be flagged ---


def _nearest_inside(element_neighbors, centers, hops, pos, cached_id):
    ring = element_neighbors[cached_id]
    ring = jnp.concatenate([ring, element_neighbors[ring].ravel()]) if hops >= 2 else ring
    inside = jnp.sum((pos - centers[ring]) ** 2, axis=-1) < 0.25
    return jnp.where(inside.any(), ring[jnp.argmax(inside)], -1)


@partial(jax.jit, static_argnames=("hops",))
def search_multihop_static(positions, cached_element_ids, element_neighbors, centers, hops=2):
    check = partial(_nearest_inside, element_neighbors, centers, hops)
    return jax.vmap(check)(positions, cached_element_ids)


def rk4_warm_up_static(positions, cached, neighbors, centers):
    return search_multihop_static(positions, cached, neighbors, centers, hops=RK4_L1_HOP_COUNT)


_CENTERS = jnp.arange(12.0).reshape(4, 3) / 4.0
_NEIGHBORS = jnp.array([[1, 2], [0, 3], [0, 3], [1, 2]])
_ARGS = (jnp.zeros((5, 3)), jnp.zeros(5, dtype=jnp.int32), _NEIGHBORS, _CENTERS)
RAISES = [(lambda: rk4_warm_up(*_ARGS), "TracerBoolConversionError")]
RUNS = [lambda: rk4_warm_up_static(*_ARGS)]
