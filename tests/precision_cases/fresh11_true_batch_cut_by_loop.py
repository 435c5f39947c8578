"""True look-alikes of ``fresh11_batch_reshaped_by_own_size.py``: the loop changes the batch's
shape, so a size read off it changes too, and so does the reshaped batch.

``batch = data[: i + 1]`` grows with the counter: ``batch.shape[0]`` takes a new value every
step, and each new shape compiles the step again. An inner loop over arrays the outer loop sizes
(``for x in [np.ones((size, 2))]``) gives the outer loop a new shape per size. Both compile more
for 4 steps than for 2 (JAX 0.10.2).
"""

import jax
import numpy as np

step = jax.jit(lambda x: x.sum())


def growing(n):
    data = np.ones((8, 2))
    out = []
    for i in range(n):
        batch = data[: i + 1]
        rows = batch.shape[0]
        out.append(step(batch.reshape((rows, -1))))  # expect: JG303
    return out


def sized_by_outer(n):
    out = []
    for size in range(1, n + 1):
        for x in [np.ones((size, 2))]:
            rows = x.shape[0]
            out.append(step(x.reshape((rows, -1))))  # expect: JG303
    return out


GROWS = [growing, sized_by_outer]
