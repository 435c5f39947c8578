# Report: jax-md/jax-md#161 https://github.com/jax-md/jax-md/issues/161
# Class: 4 (NumPy and Python on traced values, deeper: a capacity computed in a helper)
# Rule: JG104
# Reduced: "Does nbr.update(positions) can be contained in a jitted function?": a jitted
# real-space energy builds its neighbor list inside the jitted function and fails; the traceback
# shows `neighbor_list_fn.allocate(positions)`. The maintainer: `allocate` sizes the list from the
# positions (XLA needs static shapes) and cannot run under jit, while `update` keeps the allocated
# capacity and can. Here `allocate` and `update` are a small neighbor list of our own: `allocate`
# reads the largest neighbor count as a Python int. Fix (the maintainer's): allocate outside jit,
# pass the list in, and call `update` inside.
from typing import NamedTuple

import jax
import jax.numpy as jnp


class NeighborList(NamedTuple):
    idx: jax.Array


def _within(positions, cutoff):
    d = jnp.linalg.norm(positions[:, None] - positions[None, :], axis=-1)
    return d, (d < cutoff) & (d > 0)


def allocate(positions, cutoff):
    d, near = _within(positions, cutoff)
    capacity = int(jnp.max(jnp.sum(near, axis=1))) + 1  # expect: JG104
    order = jnp.argsort(jnp.where(near, d, jnp.inf), axis=1)
    return NeighborList(order[:, :capacity])


def update(nbrs, positions, cutoff):
    d, near = _within(positions, cutoff)
    order = jnp.argsort(jnp.where(near, d, jnp.inf), axis=1)
    return NeighborList(order[:, : nbrs.idx.shape[1]])


def pair_energy(positions, idx):
    r = jnp.linalg.norm(positions[:, None] - positions[idx], axis=-1)
    return 0.5 * jnp.sum(jnp.exp(-r))


POSITIONS = jnp.array([[0.0, 0.0], [0.5, 0.0], [0.0, 0.6], [3.0, 3.0]])


# --- must be flagged ---


@jax.jit
def real_space(positions, kappa):
    neighbor = allocate(positions, 1.0)
    return kappa * pair_energy(positions, neighbor.idx)


def bug():
    return real_space(POSITIONS, 2.0)


# --- must not be flagged ---


@jax.jit
def real_space_update(positions, nbrs, kappa):
    nbrs = update(nbrs, positions, 1.0)
    return kappa * pair_energy(positions, nbrs.idx)


def fixed():
    nbrs = allocate(POSITIONS, 1.0)
    return real_space_update(POSITIONS, nbrs, 2.0)


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
