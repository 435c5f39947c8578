"""A grid builder jitted with ``eqx.filter_jit`` whose first parameter is annotated ``list[str]``
(element symbols): each symbol goes through a helper of another module (its atomic number) and
then into NumPy code that tests it, masks with it and loops on it (per-element radial shells).
A str is no JAX type: ``jax.jit`` raises TypeError at a call that passes one, and
``eqx.filter_jit`` keeps every str leaf a static Python value, so the body sees the list of str
it was given and everything computed from it is a Python value (JAX 0.10.2: runs).

Seen as: the twenty-sixth held-out set's Kohn-Sham DFT engine (docs/precision.md, "26th held-out
set"): its Becke grid, jitted with ``eqx.filter_jit`` over ``symbols: list[str]`` (6 findings
before: JG102, JG104, JG105).
"""

import equinox as eqx
import jax.numpy as jnp
import numpy as np

from tests.precision_cases._heldout26_list_of_str_under_filter_jit_elements import symbol_to_number


def shell_blocks(z: int, r_max: float = 1.5):
    radii = np.linspace(0.1, 2.0, 8)
    keep = radii <= r_max * z
    radii = radii[keep]
    orders = np.where(radii * z > 1.0, 2, 1)
    blocks, i = [], 0
    while i < radii.shape[0]:
        j = i
        while j < radii.shape[0] and orders[j] == orders[i]:
            j += 1
        blocks.append((radii[i:j], int(orders[i])))
        i = j
    return blocks


@eqx.filter_jit
def molecular_grid(symbols: list[str], coords):
    numbers = [symbol_to_number(s) for s in symbols]
    per_element = {}
    for z in dict.fromkeys(numbers):
        per_element[z] = np.concatenate([r * order for r, order in shell_blocks(z)])
    first = np.array([per_element[z].shape[0] for z in numbers])
    points = jnp.concatenate([coords[a, 0] + jnp.asarray(per_element[z]) for a, z in enumerate(numbers)])
    return points, first


RUNS = [lambda: molecular_grid(["O", "H", "H"], jnp.ones((3, 3))), lambda: molecular_grid(("C", "O"), jnp.zeros((2, 3)))]
