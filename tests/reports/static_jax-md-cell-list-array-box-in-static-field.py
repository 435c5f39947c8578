# Report: jax-md/jax-md#249 https://github.com/jax-md/jax-md/pull/249
# Class: 5 (what reaches a static position: an array computed from an array box size kept in a pytree's static fields)
# Rule: JG203
# Reduced (jax_md is not installed: its cell list is cut down to one static field and one jitted
# candidate function): "Quick fix to reallocation with nd.array-type box": with
# `box_size = jnp.array([1.0, 1.0])`, the first `neighbor_list_fn.allocate(pos)` works and the
# second raises "The truth value of an array with more than one element is ambiguous" inside
# `cell_list_candidate_fn`: the cell list is a pytree whose static fields hold values computed
# from the box (the cells per side), recomputed on every allocation, so they are new arrays the
# jit cache has to compare with `==` against the previous call's (JAX 0.10.2: "Exception raised
# while checking equality of metadata fields of pytree"). Fix: compute the static values with
# NumPy and keep them as a tuple of Python ints.
import dataclasses

import jax
import jax.numpy as jnp
import numpy as onp


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class CellList:
    position_buffer: jax.Array
    cells_per_side: object = dataclasses.field(metadata=dict(static=True))


@jax.jit
def cell_list_candidate_fn(cl):
    return cl.position_buffer * 2.0


@jax.jit
def cell_list_candidate_fn_fixed(cl):
    return cl.position_buffer * 2.0


BOX_SIZE = jnp.array([1.0, 1.0])


# --- must be flagged ---


def allocate(position, box_size, cell_size=0.1):
    cl = CellList(position, jnp.floor(box_size / cell_size))
    return cell_list_candidate_fn(cl)  # expect: JG203


def bug():
    allocate(jnp.zeros((1, 2)), BOX_SIZE)
    return allocate(jnp.zeros((1, 2)), BOX_SIZE)


# --- must not be flagged ---


def allocate_fixed(position, box_size, cell_size=0.1):
    cells = tuple(int(c) for c in onp.floor(onp.asarray(box_size) / cell_size))
    cl = CellList(position, cells)
    return cell_list_candidate_fn_fixed(cl)


def fixed():
    allocate_fixed(jnp.zeros((1, 2)), BOX_SIZE)
    return allocate_fixed(jnp.zeros((1, 2)), BOX_SIZE)


RAISES = [(bug, "ValueError")]
RUNS = [fixed]
