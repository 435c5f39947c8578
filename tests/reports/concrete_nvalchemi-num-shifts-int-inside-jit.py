# Report: NVIDIA/nvalchemi-toolkit-ops#72 https://github.com/NVIDIA/nvalchemi-toolkit-ops/pull/72
# Class: 4 (Python `int()` on a traced value two calls away: a helper that must run outside jit)
# Rule: JG104
# Reduced: review of the PR's docstring example: `cell` and `pbc` are captured in a jitted closure
# and the shift metadata (`shift_range_per_dimension`, `num_shifts_per_system`,
# `max_shifts_per_system`) is not passed, so `naive_neighbor_list` falls through to
# `compute_naive_num_shifts(cell, cutoff, pbc)`, which calls `int(max_shifts_i64.max())` on a
# traced array ("must be called outside `jax.jit` scope"). The neighbor search is reduced to a
# distance mask of the given capacity. Fix (the docstring's other path, the PR's test): compute
# the shift metadata outside jit and pass it in.
import jax
import jax.numpy as jnp

# --- must be flagged ---


def compute_naive_num_shifts(cell, cutoff, pbc):
    lengths = jnp.linalg.norm(cell, axis=-1)
    shift_range = jnp.where(pbc, jnp.ceil(cutoff / lengths), 0).astype(jnp.int32)
    num_shifts = jnp.prod(2 * shift_range + 1, axis=-1)
    max_shifts_i64 = num_shifts.astype(jnp.int32)
    max_shifts = int(max_shifts_i64.max())  # expect: JG104
    return shift_range, num_shifts, max_shifts


def naive_neighbor_list(positions, cutoff, cell, pbc, max_neighbors=4,
                        shift_range_per_dimension=None, num_shifts_per_system=None,
                        max_shifts_per_system=None):
    if shift_range_per_dimension is None:
        shift_range_per_dimension, num_shifts_per_system, max_shifts_per_system = compute_naive_num_shifts(
            cell, cutoff, pbc)
    d = jnp.linalg.norm(positions[:, None, :] - positions[None, :, :], axis=-1)
    mask = (d < cutoff).astype(jnp.int32) * max_shifts_per_system
    return jnp.argsort(-mask, axis=1)[:, :max_neighbors]


CELL = jnp.eye(3) * 5.0
PBC = jnp.array([True, True, True])
POSITIONS = jnp.linspace(0.0, 4.0, 18).reshape(6, 3)


@jax.jit
def neighbors_jit(positions):
    return naive_neighbor_list(positions, 1.5, cell=CELL, pbc=PBC)


def bug():
    return neighbors_jit(POSITIONS)


# --- must not be flagged ---


def fixed():
    shift_range, num_shifts, max_shifts = compute_naive_num_shifts(CELL, 1.5, PBC)

    @jax.jit
    def neighbors_precomputed(positions):
        return naive_neighbor_list(positions, 1.5, cell=CELL, pbc=PBC,
                                   shift_range_per_dimension=shift_range,
                                   num_shifts_per_system=num_shifts,
                                   max_shifts_per_system=max_shifts)

    return neighbors_precomputed(POSITIONS)


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
