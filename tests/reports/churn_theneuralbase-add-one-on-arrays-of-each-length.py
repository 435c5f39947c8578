# Report: https://theneuralbase.com/jax/learn/beginner/jit-recompilation-shape-changes/ (tutorial page "jit recompilation: shape changes")
# Class: 6 (churn that comes from data: a list of arrays of different lengths)
# Rule: JG303
# Reduced: the page times a jitted `add_one` (`x + 1`) on a length-5 array (compiles), on another
# length-5 array (cached) and on a length-3 array ("RECOMPILATION"): the input shape is part of
# the cache key, so each new length is traced and compiled from scratch. Its advice for variable
# batch sizes: fix the shapes. Here the samples of a recording come as arrays of different
# lengths and the loop feeds each to the jitted function; the fix pads them to one length (with
# the count passed along) before the loop.
import jax
import jax.numpy as jnp
import numpy as np

MAX_LEN = 16


@jax.jit
def add_one(x):
    return x + 1


@jax.jit
def add_one_masked(x, count):
    return jnp.where(jnp.arange(x.shape[0]) < count, x + 1, 0.0)


def recordings(n):
    rng = np.random.default_rng(0)
    return [rng.normal(size=3 + i).astype(np.float32) for i in range(n)]


# --- must be flagged ---


def process(n):
    out = []
    for x in recordings(n):
        out.append(add_one(x))  # expect: JG303
    return out


# --- must not be flagged ---


def process_padded(n):
    samples = recordings(n)
    padded = np.zeros((len(samples), MAX_LEN), np.float32)
    for row, x in zip(padded, samples):
        row[: len(x)] = x
    return [add_one_masked(row, len(x)) for row, x in zip(padded, samples)]


GROWS = [process]
BOUNDED = [process_padded]
