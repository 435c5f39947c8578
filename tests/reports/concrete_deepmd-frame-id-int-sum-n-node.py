# Report: deepmodeling/deepmd-kit#5583 https://github.com/deepmodeling/deepmd-kit/pull/5583
# Class: 4 (Python `int()` on a reduction of a traced argument, in an array-API helper)
# Rule: JG104
# Reduced: review of the PR: `frame_id_from_n_node(n_node)` "still does `int(xp.sum(n_node))`,
# which is not trace-friendly for JAX/export"; the helper maps flat nodes to their frame for a
# `segment_sum` over frames. array_api_compat is replaced by jax.numpy (the helper's `xp` for JAX
# inputs); the model's forward is a per-frame energy sum. Fix (the PR's): an optional static
# `n_total` (a node capacity known outside jit) replaces the `int(sum)`.
import functools

import jax
import jax.numpy as jnp

# --- must be flagged ---


def frame_id_from_n_node(n_node, n_total=None):
    xp = jnp
    if n_total is None:
        n_total = int(xp.sum(n_node))  # expect: JG104
    offsets = xp.cumsum(n_node)
    node = xp.arange(n_total)
    frame_id = xp.searchsorted(offsets, node, side="right")
    return xp.minimum(frame_id, n_node.shape[0] - 1)


@jax.jit
def frame_energy(atom_energy, n_node):
    frame_id = frame_id_from_n_node(n_node)
    return jax.ops.segment_sum(atom_energy, frame_id, num_segments=n_node.shape[0])


def bug():
    return frame_energy(jnp.ones(6), jnp.array([2, 4]))


# --- must not be flagged ---


@functools.partial(jax.jit, static_argnames="n_total")
def frame_energy_capacity(atom_energy, n_node, n_total):
    frame_id = frame_id_from_n_node(n_node, n_total=n_total)
    return jax.ops.segment_sum(atom_energy, frame_id, num_segments=n_node.shape[0])


def fixed():
    return frame_energy_capacity(jnp.ones(6), jnp.array([2, 4]), n_total=6)


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
