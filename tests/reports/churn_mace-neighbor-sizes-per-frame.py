# Report: ACEsuit/mace#1590 https://github.com/ACEsuit/mace/issues/1590
# Class: 6 (churn from data: the graph size changes with every MD frame)
# Rule: JG303
# Reduced: "under jax.jit every distinct (n_nodes, n_edges) shape recompiles — so in an MD
# trajectory every neighbor-list rebuild would recompile": the energy is jitted and called on
# each frame's edge list, whose length varies. Fix (the issue's): pad the graph to a fixed
# bucket with masked padding edges.
import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def energy(positions, senders, receivers):
    d = jnp.linalg.norm(positions[senders] - positions[receivers], axis=-1)
    return jnp.sum(jnp.exp(-d))


@jax.jit
def energy_padded(positions, senders, receivers, edge_mask):
    d = jnp.linalg.norm(positions[senders] - positions[receivers], axis=-1)
    return jnp.sum(jnp.where(edge_mask, jnp.exp(-d), 0.0))


def neighbor_list(n_atoms, frame):
    n_edges = 4 + frame
    rng = np.random.default_rng(frame)
    return rng.integers(0, n_atoms, n_edges), rng.integers(0, n_atoms, n_edges)


# --- must be flagged ---


def run_md(n_frames):
    positions, e = jnp.ones((6, 3)), 0.0
    for frame in range(n_frames):
        senders, receivers = neighbor_list(6, frame)
        e += energy(positions, senders, receivers)  # expect: JG303
    return e


# --- must not be flagged ---


def pad_edges(senders, receivers, max_edges=64):
    mask = np.arange(max_edges) < senders.shape[0]
    pad = max_edges - senders.shape[0]
    return np.pad(senders, (0, pad)), np.pad(receivers, (0, pad)), mask


def run_md_padded(n_frames):
    positions, e = jnp.ones((6, 3)), 0.0
    for frame in range(n_frames):
        senders, receivers, mask = pad_edges(*neighbor_list(6, frame))
        e += energy_padded(positions, senders, receivers, mask)
    return e


GROWS = [run_md]
BOUNDED = [run_md_padded]
