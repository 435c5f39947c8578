# Report: patrick-kidger/diffrax#111 https://github.com/patrick-kidger/diffrax/issues/111
# Class: 6 (churn from data: a partial last batch)
# Rule: JG303
# Reduced: the Latent ODE example's dataloader slices `data[start:end]` with the end clipped to
# the dataset size (10000 examples, batch 256): the 39th step sees a smaller batch and
# `make_step` compiles again (once more per run, so the loop's compile count does not grow
# with its length: COMPILES gives the exact numbers). Fix: drop the remainder (or pad it).
import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def make_step(w, batch):
    return w - 0.01 * jax.grad(lambda w_: jnp.mean((batch @ w_) ** 2))(w)


DATA = np.ones((10, 3), np.float32)  # 10 examples, batches of 4: sizes 4, 4, 2


# --- must be flagged ---


def dataloader(data, batch_size):
    dataset_size = data.shape[0]
    start = 0
    while start < dataset_size:
        end = min(start + batch_size, dataset_size)
        yield data[start:end]
        start = end


def train(steps=6):
    w = jnp.ones((3, 2))
    for step, batch in zip(range(steps), dataloader(DATA, 4)):
        w = make_step(w, batch)  # expect: JG303
    return w


# --- must not be flagged ---


def dataloader_drop_last(data, batch_size):
    dataset_size = data.shape[0]
    for start in range(0, dataset_size - batch_size + 1, batch_size):
        yield data[start : start + batch_size]


def train_drop_last(steps=6):
    w = jnp.ones((3, 2))
    for step, batch in zip(range(steps), dataloader_drop_last(DATA, 4)):
        w = make_step(w, batch)
    return w


COMPILES = [(train, "make_step", 2), (train_drop_last, "make_step", 1)]
