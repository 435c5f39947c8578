# Report: jax-ml/jax#803 https://github.com/jax-ml/jax/issues/803
# Class: 6 (churn from data: a data generator whose batch sizes vary)
# Rule: JG303
# Reduced: "support for different mini-batch sizes with the same jit'ed function": the batches
# come from `make_batch(n)` with a size that changes per step, so each new size compiles.
# Fix (the maintainer's): pad each batch up to one of a few bucket sizes and mask. A second
# look-alike warms the bucketed function up over the few bucket sizes before training: a loop
# over a literal tuple of sizes compiles once per size, not once per step.
import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def loss(w, x):
    return jnp.sum((x @ w) ** 2)


@jax.jit
def masked_loss(w, x, mask):
    return jnp.sum(mask[:, None] * (x @ w) ** 2)


# --- must be flagged ---


def make_batch(n):
    return np.ones((n, 3), np.float32)


def train(steps):
    w, total = jnp.ones((3, 2)), 0.0
    for step in range(steps):
        x = make_batch(8 + step)
        total += loss(w, x)  # expect: JG303
    return total


# --- must not be flagged ---


def pad_to_bucket(x, bucket=32):
    padded = np.zeros((bucket, x.shape[1]), x.dtype)
    padded[: x.shape[0]] = x
    return padded, (np.arange(bucket) < x.shape[0]).astype(x.dtype)


def train_bucketed(steps):
    w, total = jnp.ones((3, 2)), 0.0
    for step in range(steps):
        x, mask = pad_to_bucket(make_batch(8 + step))
        total += masked_loss(w, x, mask)
    return total


def warm_up_then_train(steps, buckets=(16, 32)):
    w = jnp.ones((3, 2))
    for bucket in buckets:
        masked_loss(w, np.zeros((bucket, 3), np.float32), np.zeros(bucket, np.float32))
    total = 0.0
    for step in range(steps):
        x, mask = pad_to_bucket(make_batch(8 + step), bucket=16 if 8 + step <= 16 else 32)
        total += masked_loss(w, x, mask)
    return total


GROWS = [train]
BOUNDED = [train_bucketed, warm_up_then_train]
