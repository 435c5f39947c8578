# Report: kach/memo#72 https://github.com/kach/memo/pull/72
# Class: 3 (everything created inside jit is traced: a count of nonzeros computed with jnp inside the jitted function, used as a buffer size)
# Rule: JG105
# Reduced: "within @jax.jit we need to know the number of nonzero elements of the array before
# sparsifying it ... so that's what I tried first (doing something like `jnp.count_nonzero`), but
# it looks like sparse actually wants a statically known integer value, abstract tracer values are
# not allowed." The PR's code is not shown in the thread; here the (hedged) choice probabilities
# `id_ll` of a `to_maximize` step are sparsified with `nse=jnp.count_nonzero(id_ll)` inside the
# jitted model (ConcretizationTypeError). Fix (the thread's): an upper bound known statically, the
# number of elements of `id_ll` before the choice (`id_ll.size`, a Python integer).
import jax
import jax.numpy as jnp
from jax.experimental import sparse

# --- must be flagged ---


@jax.jit
def to_maximize(utility):
    id_ll = jnp.where(utility == utility.max(axis=-1, keepdims=True), 1.0, 0.0)
    sp = sparse.BCOO.fromdense(id_ll, nse=jnp.count_nonzero(id_ll))  # expect: JG105
    return sp.data.sum()


def bug():
    return to_maximize(jnp.array([[1.0, 3.0, 3.0], [2.0, 0.0, 1.0]]))


# --- must not be flagged ---


@jax.jit
def to_maximize_bounded(utility):
    id_ll = jnp.where(utility == utility.max(axis=-1, keepdims=True), 1.0, 0.0)
    sp = sparse.BCOO.fromdense(id_ll, nse=id_ll.size)
    return sp.data.sum()


def fixed():
    return to_maximize_bounded(jnp.array([[1.0, 3.0, 3.0], [2.0, 0.0, 1.0]]))


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
