# Report: https://github.com/HFooladi/molax/blob/main/docs/concepts.md ("Performance: Batch-Once-Then-Mask": "# BAD - Different shapes trigger recompilation every time / for indices in batches: batch = jraph.batch([graphs[i] for i in indices])  # Different shapes! / train_step(model, batch)  # Recompiles every time!"; the pattern "achieves ~400x speedup over naive implementations")
# Class: 6 (churn that comes from data: the node count of a batch of molecular graphs)
# Rule: JG303
# Reduced: the active-learning loop draws a batch of molecules by index and merges their graphs
# (`jraph.batch` concatenates the node arrays), so the merged node array has as many rows as the
# drawn molecules have atoms together, a different number almost every batch, and the jitted train
# step compiles again for each one. Here a graph is its node-feature array, the batch is a
# concatenation with segment ids, and the model a linear readout. Fix (the page's): batch every
# graph once before the loop and pass a mask of the samples that count.
import jax
import jax.numpy as jnp
import numpy as np

GRAPHS = [np.full(((i % 7) + 2, 4), 0.1 * i, dtype=np.float32) for i in range(24)]
LABELS = np.linspace(0.0, 1.0, 24, dtype=np.float32)


@jax.jit
def train_step(w, nodes, segments, labels):
    def loss(w):
        pooled = jax.ops.segment_sum(nodes @ w, segments, num_segments=labels.shape[0])
        return jnp.mean((pooled - labels) ** 2)

    return w - 0.01 * jax.grad(loss)(w)


def batch_graphs(graphs):
    nodes = jnp.asarray(np.concatenate(graphs))
    segments = jnp.asarray(np.repeat(np.arange(len(graphs)), [g.shape[0] for g in graphs]))
    return nodes, segments


@jax.jit
def masked_train_step(w, nodes, segments, labels, mask):
    def loss(w):
        pooled = jax.ops.segment_sum(nodes @ w, segments, num_segments=labels.shape[0])
        return jnp.sum(jnp.where(mask, (pooled - labels) ** 2, 0.0)) / jnp.maximum(mask.sum(), 1)

    return w - 0.01 * jax.grad(loss)(w)


# --- must be flagged ---


def train_per_batch(n):
    w = jnp.zeros(4)
    for step in range(n):
        indices = [3 * step, 3 * step + 1, 3 * step + 2]
        nodes, segments = batch_graphs([GRAPHS[i] for i in indices])
        w = train_step(w, nodes, segments, jnp.asarray(LABELS[indices]))  # expect: JG303
    return w


# --- must not be flagged ---


def train_batch_once(n):
    all_nodes, all_segments = batch_graphs(GRAPHS)
    all_labels = jnp.asarray(LABELS)
    w = jnp.zeros(4)
    for step in range(n):
        mask = (jnp.arange(24) >= 3 * step) & (jnp.arange(24) < 3 * step + 3)
        w = masked_train_step(w, all_nodes, all_segments, all_labels, mask)
    return w


GROWS = [train_per_batch]
BOUNDED = [train_batch_once]
