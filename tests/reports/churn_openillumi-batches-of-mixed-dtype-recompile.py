# Report: https://openillumi.com/en/en-jax-jit-cache-size-recompile-debug (Q&A page "monitor JIT recompilations with _cache_size()")
# Class: 6 (churn that comes from data: batches whose dtype differs)
# Rule: JG304
# Reduced: the question counts recompilations of a jitted `func(z) = z * z + 100 / z`; the page's
# author tells of a training loop that "recompiled on every iteration because the data type was
# subtly different for each batch", fixed by unifying the input types. The dtype is part of the
# cache key: a batch of integers (here the loader's count-valued batches, NumPy int arrays) and a
# batch of floats are two programs. The fix casts every batch to float32 before the call.
import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def func(z):
    return z * z + 100 / z


def load_batches():
    return [np.arange(1, 5), np.linspace(1.0, 2.0, 4, dtype=np.float32), np.arange(5, 9),
            np.linspace(3.0, 4.0, 4, dtype=np.float32)]


# --- must be flagged ---


def train():
    total = 0.0
    for batch in load_batches():
        total += float(jnp.sum(func(batch)))  # expect: JG304
    return total


# --- must not be flagged ---


def train_unified():
    total = 0.0
    for batch in load_batches():
        total += float(jnp.sum(func(jnp.asarray(batch, jnp.float32))))
    return total


COMPILES = [(train, "func", 2), (train_unified, "func", 1)]
