# Report: atomicarchitects/nequix#22 https://github.com/atomicarchitects/nequix/pull/22
# Class: 6 (churn from data: padding that follows each structure's size)
# Rule: JG303
# Reduced: "The existing code simply padded nodes + 1 and edges * 1.1 ... results in lots of
# `jit`s when running high-throughput workflows (e.g. relaxing a database of materials) because it
# must recompile for each new combination of number of nodes/number of edges." The potential is a
# toy pair energy over the edge list. Fix (the PR's): pad nodes to a multiple of 8 and edges to a
# multiple of 64, so structures of similar size share one compiled program.
import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def energy(positions, senders, receivers):
    d = positions[senders] - positions[receivers]
    return jnp.sum(jnp.exp(-jnp.sum(d * d, axis=-1)))


def make_structure(n_atoms):
    pos = np.random.default_rng(n_atoms).normal(size=(n_atoms, 3)).astype(np.float32)
    senders = np.arange(2 * n_atoms) % n_atoms
    return pos, senders, (senders + 1) % n_atoms


def pad_graph(pos, senders, receivers, n_node, n_edge):
    padded = np.zeros((n_node, 3), np.float32)
    padded[: len(pos)] = pos
    fill = np.full(n_edge - len(senders), n_node - 1)
    return padded, np.concatenate([senders, fill]), np.concatenate([receivers, fill])


# --- must be flagged ---


def relax_database(n):
    total = 0.0
    for i in range(n):
        pos, senders, receivers = make_structure(10 + i)
        graph = pad_graph(pos, senders, receivers, len(pos) + 1, int(len(senders) * 1.1))
        total += energy(*graph)  # expect: JG303
    return total


# --- must not be flagged ---


def round_up(k, multiple):
    return -(-k // multiple) * multiple


def relax_database_bucketed(n):
    total = 0.0
    for i in range(n):
        pos, senders, receivers = make_structure(10 + i)
        graph = pad_graph(pos, senders, receivers, round_up(len(pos) + 1, 8), round_up(len(senders), 64))
        total += energy(*graph)
    return total


GROWS = [relax_database]
BOUNDED = [relax_database_bucketed]
