# Report: patrick-kidger/equinox#1036 https://github.com/patrick-kidger/equinox/issues/1036
# Class: 1 (values inside containers: a tuple of Python bools passed through jax.jit is traced)
# Rule: JG101
# Reduced (plain JAX): `partition(params, params_mask)` is jitted and splits the parameters with
# a mask that is a nested tuple of Python booleans; through `jax.jit` every leaf of the mask is
# traced, so the helper's per-leaf `if` fails (equinox's check rejects the traced leaves).
# Fix (from the thread): mark the mask static (`static_argnames=["params_mask"]`).
import functools

import jax


def split(params, filter_spec):
    def keep(p, m):
        return p if m else None  # expect: JG101

    return jax.tree_util.tree_map(keep, params, filter_spec)


# --- must be flagged ---


@jax.jit
def partition(params, params_mask):
    return split(params, params_mask)


def bug():
    return partition(((1.0, 2.0), 3.0), ((True, False), False))


# --- must not be flagged ---


@functools.partial(jax.jit, static_argnames=["params_mask"])
def partition_static(params, params_mask):
    return split(params, params_mask)


def fixed():
    return partition_static(((1.0, 2.0), 3.0), ((True, False), False))


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
