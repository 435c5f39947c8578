"""Chunks of a batch, each padded to a multiple of the device count's rows and reshaped to
`(n_dev, per_dev) + padded.shape[1:]` before the jitted (or pmapped) step: a reshape gives exactly
its target shape (or raises), and the target's entries read off the array's own shape
(`padded.shape[1:]`) are its own trailing dimensions, which the loop does not change (the chunks
are rows of one array). The other entries are fixed before the loop, so every call gets one
shape: one compile however many chunks (`array_split` into `ceil(n / b)` parts makes none longer
than `b`, and each is padded to `n_dev * per_dev >= b` rows).

Seen as: the twenty-second held-out set's gyrokinetic solver (docs/precision.md, "Twenty-second
held-out set"): its multi-device batch map pads each chunk and pmaps the shards (JG303 before).
"""

import jax
import numpy as np


def pad_to_multiple(values, multiple):
    arr = np.asarray(values)
    n = int(arr.shape[0])
    remainder = n % multiple
    if remainder == 0:
        return arr, n
    tail = np.repeat(arr[-1:], multiple - remainder, axis=0)
    return np.concatenate([arr, tail], axis=0), n


@jax.jit
def step(shard):
    return shard * 2.0


def batch_map(n, batch_size=4, n_dev=2):
    arr = np.arange(float(5 * n * 3)).reshape(5 * n, 3)
    chunks = np.array_split(arr, int(np.ceil(arr.shape[0] / batch_size)), axis=0)
    per_dev = max(1, int(np.ceil(batch_size / n_dev)))
    outputs = []
    for chunk in chunks:
        padded, original_n = pad_to_multiple(chunk, n_dev * per_dev)
        sharded = padded.reshape((n_dev, per_dev) + tuple(padded.shape[1:]))
        outputs.append(np.asarray(step(sharded)).reshape((-1,) + tuple(padded.shape[1:]))[:original_n])
    return np.concatenate(outputs)


RUNS = [lambda: batch_map(3)]
BOUNDED = [batch_map]
