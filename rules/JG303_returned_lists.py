"""JG303 loop-varying-shape, a loop over the list a helper returns, whose arrays differ in shape:
examples that must and must not be flagged.

The shape of an input is part of the jit cache key: each new shape is traced and compiled again
(JAX 0.10.2). A plain function of the module that returns a list of arrays of different shapes (a
comprehension whose element's shape follows its loop, or a list it appends such arrays to) hands
a loop over its result a new shape at each step, so a jitted function called on each element
compiles once per element. A helper whose arrays all have one shape, or that pads them to one
length, is called the same way and compiles once.
"""

import jax
import jax.numpy as jnp
import numpy as np

MAX_LEN = 12


@jax.jit
def normalize(x):
    return (x - x.mean()) / (x.std() + 1e-6)


def recordings(n):
    rng = np.random.default_rng(0)
    return [rng.normal(size=3 + i).astype(np.float32) for i in range(n)]


def chunks(n):
    out = []
    for k in range(n):
        out.append(np.arange(2 * k + 2, dtype=np.float32))
    return out


def fixed_recordings(n):
    rng = np.random.default_rng(0)
    return [rng.normal(size=MAX_LEN).astype(np.float32) * (i + 1) for i in range(n)]


def padded_recordings(n):
    out = []
    for x in recordings(n):
        row = np.zeros(MAX_LEN, np.float32)
        row[: len(x)] = x
        out.append(row)
    return out


# --- must be flagged ---------------------------------------------------------------------------


def normalize_recordings(n):
    return [normalize(x) for x in recordings(n)]  # expect: JG303


def normalize_chunks(n):
    total = 0.0
    for chunk in chunks(n):
        total += float(jnp.sum(normalize(chunk)))  # expect: JG303
    return total


# --- must not be flagged ---------------------------------------------------------------------


def normalize_fixed(n):
    return [normalize(x) for x in fixed_recordings(n)]


def normalize_padded(n):
    return [normalize(row) for row in padded_recordings(n)]


GROWS = [normalize_recordings, normalize_chunks]
BOUNDED = [normalize_fixed, normalize_padded]
