"""A value tested in an array parameter of a jitted function is array membership: ``Array.
__contains__`` is ``(arr == v).any()`` and Python takes its truth value, which raises
TracerBoolConversionError under ``jit`` (JAX 0.10.2). Reading the array at a position with
another name (``grid[i]``) does not make it a mapping: only the same name as key and index does
(``merge5_key_tested_then_read.py``).
"""

import jax
import jax.numpy as jnp


@jax.jit
def first_or_snap(grid, v, i):
    if v in grid:  # expect: JG101
        return v
    return grid[i]


RAISES = [
    (lambda: first_or_snap(jnp.array([0.0, 0.5]), 0.5, 1), "TracerBoolConversionError"),
]
