# Report: emfdavid/insitubatch#22 https://github.com/emfdavid/insitubatch/pull/22
# Class: 6 (churn from data: a short batch at the end of every shuffle block)
# Rule: JG303
# Reduced: batches were cut within each shuffle block (`for start in range(rstart, rstop, bs)`)
# and restarted at the block boundary, so every block whose row count is not a multiple of the
# batch size ends in a short batch, and the epoch's short final block adds another shape: `jax.jit`
# retraces per shape ("up to three distinct shapes, so the retrace cache never settled"). Fix
# (the PR's): cut batches over the whole epoch order, so only the last batch is short. That fix
# still compiles the step twice (the epoch's short last batch is a second shape; measured below),
# so it sits in the flagged section too, marked: a true latent finding. The look-alike drops the
# remainder, so every batch has one shape and the step compiles once (padding the last batch to
# `bs` rows, with a mask, is the other legal fix). The consumer is reduced to one jitted step;
# 25 rows in blocks of 10, batches of 4.
import jax
import jax.numpy as jnp
import numpy as np

ROWS = np.ones((25, 3), np.float32)


@jax.jit
def step(w, batch):
    return w - 0.01 * jnp.mean(batch @ w)


# --- must be flagged ---


def batches_per_block(order, block_rows, bs):
    for rstart in range(0, len(order), block_rows):
        rstop = min(rstart + block_rows, len(order))
        for start in range(rstart, rstop, bs):
            yield order[start:min(start + bs, rstop)]


def train():
    w = jnp.ones((3, 2))
    order = np.random.default_rng(0).permutation(len(ROWS))
    for idx in batches_per_block(order, 10, 4):
        w = step(w, ROWS[idx])  # expect: JG303
    return w


def batches_over_epoch(order, bs):
    for start in range(0, len(order), bs):
        yield order[start:start + bs]


def train_epoch_cut():
    w = jnp.ones((3, 2))
    order = np.random.default_rng(0).permutation(len(ROWS))
    for idx in batches_over_epoch(order, 4):
        w = step(w, ROWS[idx])  # expect: JG303
    return w


# --- must not be flagged ---


def full_batches_over_epoch(order, bs):
    for start in range(0, len(order) - bs + 1, bs):
        yield order[start:start + bs]


def train_drop_last():
    w = jnp.ones((3, 2))
    order = np.random.default_rng(0).permutation(len(ROWS))
    for idx in full_batches_over_epoch(order, 4):
        w = step(w, ROWS[idx])
    return w


COMPILES = [(train, "step", 3), (train_epoch_cut, "step", 2), (train_drop_last, "step", 1)]
