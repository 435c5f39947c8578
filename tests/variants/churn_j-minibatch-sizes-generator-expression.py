# Variant of: tests/reports/churn_jax-minibatch-sizes.py
# Class: 6 (churn that comes from data: batches of a new size each step)
# Rule: JG303
# Axis: (j) the loop is a generator expression summed by `sum(...)`, the batch made inline by the
# data helper with a size that grows with the step.
import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def loss(w, x):
    return jnp.sum((x @ w) ** 2)


@jax.jit
def masked_loss(w, x, mask):
    return jnp.sum(mask[:, None] * (x @ w) ** 2)


def make_batch(n):
    return np.ones((n, 3), np.float32)


def pad_to_bucket(x, bucket=32):
    padded = np.zeros((bucket, x.shape[1]), x.dtype)
    padded[: x.shape[0]] = x
    return padded, (np.arange(bucket) < x.shape[0]).astype(x.dtype)


# --- must be flagged ---


def train(steps):
    w = jnp.ones((3, 2))
    return sum(loss(w, make_batch(8 + step)) for step in range(steps))  # expect: JG303


# --- must not be flagged ---


def train_bucketed(steps):
    w = jnp.ones((3, 2))
    return sum(masked_loss(w, *pad_to_bucket(make_batch(8 + step))) for step in range(steps))


GROWS = [train]
BOUNDED = [train_bucketed]
