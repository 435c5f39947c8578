# Report: jax-ml/jax#8299 https://github.com/jax-ml/jax/issues/8299
# Class: 3 (everything created inside jit is traced: the number of stored elements of a sparse matrix made from a traced dense one)
# Rule: JG105
# Reduced: "sparse.BCOO.fromdense cannot be called inside a function which is jittable": after some
# computation the user has a matrix known to be sparse and converts it with
# `B = sparse.BCOO.fromdense(A)` to make the following computations efficient; `test_bcoo` runs,
# `jax.jit(test_bcoo)` raises ConcretizationTypeError, since `fromdense` counts the nonzeros of
# `A` (a tracer) to size its buffers. The user's code, kept whole. Fix (the maintainers', #8305):
# pass the number of stored elements, `nse=`, as a Python integer.
import jax
import jax.numpy as jnp
from jax.experimental import sparse

jsum = sparse.sparsify(jnp.sum)

# --- must be flagged ---


def test_bcoo(A):
    B = sparse.BCOO.fromdense(A)  # expect: JG105
    return jsum(B)


def bug():
    return jax.jit(test_bcoo)(jnp.eye(4))


# --- must not be flagged ---


def test_bcoo_nse(A):
    B = sparse.BCOO.fromdense(A, nse=A.shape[0])
    return jsum(B)


def fixed():
    return jax.jit(test_bcoo_nse)(jnp.eye(4))


def eager():
    return test_bcoo(jnp.eye(4))


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed, eager]
