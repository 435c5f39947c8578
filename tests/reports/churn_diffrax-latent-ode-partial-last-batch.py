# Report: patrick-kidger/diffrax#111 https://github.com/patrick-kidger/diffrax/issues/111
# Class: 6 (churn from data: a partial last batch)
# Rule: JG303
# Reduced: the Latent ODE example's dataloader walks a permutation in slices
# `perm[start:end]` while `start < dataset_size`, so with 10000 examples and batches of 256 the
# 40th batch is shorter and `make_step` compiles again (once per shape, so the loop's compile
# count does not grow with its length: COMPILES gives the exact numbers). Fix: stop at the last
# full batch (`while end <= dataset_size`), or pad.
import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def make_step(w, batch):
    return w - 0.01 * jax.grad(lambda w_: jnp.mean((batch @ w_) ** 2))(w)


DATA = np.ones((10, 3), np.float32)  # 10 examples, batches of 4: sizes 4, 4, 2, 4, 4, 2, ...


# --- must be flagged ---


def dataloader(data, batch_size):
    dataset_size = data.shape[0]
    indices = np.arange(dataset_size)
    rng = np.random.default_rng(0)
    while True:
        perm = rng.permutation(indices)
        start, end = 0, batch_size
        while start < dataset_size:
            yield data[perm[start:end]]
            start = end
            end = start + batch_size


def train(steps=6):
    w = jnp.ones((3, 2))
    for step, batch in zip(range(steps), dataloader(DATA, 4)):
        w = make_step(w, batch)  # expect: JG303
    return w


# --- must not be flagged ---


def dataloader_full_batches(data, batch_size):
    dataset_size = data.shape[0]
    indices = np.arange(dataset_size)
    rng = np.random.default_rng(0)
    while True:
        perm = rng.permutation(indices)
        start, end = 0, batch_size
        while end <= dataset_size:
            yield data[perm[start:end]]
            start = end
            end = start + batch_size


def train_full_batches(steps=6):
    w = jnp.ones((3, 2))
    for step, batch in zip(range(steps), dataloader_full_batches(DATA, 4)):
        w = make_step(w, batch)
    return w


COMPILES = [(train, "make_step", 2), (train_full_batches, "make_step", 1)]
