"""Legal (held-out 14): ``x[mask][k]`` with ``k`` an int has the shape of ``x.shape[1:]``, however
many entries the mask selects. A boolean mask's selection (or a slice of the first axis,
``x[:i]``) changes only the first axis of the result; an integer index of that axis removes it
(an index array of fixed shape puts its own shape there). So the scalar picked from a selection
that changes with the loop has one shape, and a jitted function called with it compiles once
(checked on JAX 0.10.2: as many compiles for 2 chunks as for 4).
(``tests/precision_cases/fresh14_true_slice_of_masked_selection.py``: a slice of the selection,
``x[mask][1:]``, keeps the varying axis and compiles per length.)

Seen as (held-out 14): a minor-planet checker loops over the ephemeris chunks that the requested
times fall in, and picks the middle time offset of each chunk, ``offset =
offsets[indices == ind][mid_ind]``, for a jitted ``multiple_states(coefficients, offset, ...)``.
"""

import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def states(coeffs, offset):
    return coeffs * offset


def per_chunk(n):
    indices = np.repeat(np.arange(n), np.arange(1, n + 1))
    offsets = np.linspace(0.0, 1.0, len(indices))
    coeffs = jnp.ones(3)
    out = []
    for ind in np.unique(indices):
        mid = (len(offsets[indices == ind]) - 1) // 2
        offset = offsets[indices == ind][mid]
        first = offsets[: ind + 1][0]
        out.append(states(coeffs, offset) + states(coeffs, first))
    return out


RUNS = [lambda: per_chunk(3)]
BOUNDED = [per_chunk]
