"""True twin of ``heldout27_reshape_to_carried_shape.py``: the target shape is read off an array
that grows with the loop (``window = values[: i + 1]``), so ``delta.reshape(window.shape)`` has
a new shape each step and the jitted function compiles once per length.
"""

import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def step(x):
    return x * 2.0


def windows(n):
    values = np.arange(float(n))
    out = []
    for i in range(n):
        window = values[: i + 1]
        delta = np.ones(i + 1)
        out.append(step(delta.reshape(window.shape)))  # expect: JG303
    return out


RUNS = [lambda: windows(3)]
GROWS = [windows]
