"""True (held-out 14 look-alike): a slice of a boolean mask's selection, ``x[mask][1:]``, keeps the
selection's varying first axis, so the jitted function compiles once per selected length (checked on
JAX 0.10.2: more compiles for 4 chunks than for 2). Its legal look-alike, an int index of the
selection, is ``tests/precision_cases/fresh14_index_of_masked_selection.py``.
"""

import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def total(offsets):
    return jnp.sum(offsets)


def per_chunk(n):
    indices = np.repeat(np.arange(n), np.arange(1, n + 1))
    offsets = np.linspace(0.0, 1.0, len(indices))
    out = []
    for ind in np.unique(indices):
        out.append(total(offsets[indices == ind][1:]))  # expect: JG303
    return out


RUNS = [lambda: per_chunk(3)]
GROWS = [per_chunk]
