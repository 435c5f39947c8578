"""Stages a function to a jaxpr (for jaxpr_interpreter_internal_utils.py, which imports it: the
staging lives in another module, as in the library the pattern comes from)."""

import jax
from jax._src.util import safe_map


def stage(fn):
    def staged(*args):
        flat, tree = jax.tree_util.tree_flatten(args)
        avals = safe_map(jax.typeof, flat)
        return jax.make_jaxpr(fn)(*avals), (flat, tree)

    return staged
