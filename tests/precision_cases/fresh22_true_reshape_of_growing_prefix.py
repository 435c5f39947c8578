"""The true look-alike of `fresh22_reshape_keeps_own_trailing_dims.py`: the reshaped array is a
prefix that grows with the loop, so its own dimensions, which the target reads, change too: one
compile per length.
"""

import jax
import numpy as np


@jax.jit
def step(shard):
    return shard * 2.0


def prefixes(n):
    arr = np.arange(float(4 * n)).reshape(n, 4)
    out = []
    for i in range(n):
        prefix = arr[: i + 1]
        out.append(step(prefix.reshape((1,) + prefix.shape)))  # expect: JG303
    return out


RUNS = [lambda: prefixes(3)]
GROWS = [prefixes]
