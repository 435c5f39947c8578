# Report: tensorflow/probability#1633 https://github.com/tensorflow/probability/issues/1633
# Class: 3 (everything created inside jit is traced: a constructor converts a Python int to an array, then NumPy reads it)
# Rule: JG104
# Reduced: "Jax substrate: `rightmost_transposed_ndims` must be known prior to graph execution":
# `def f(a): tr = tfb.Transpose(rightmost_transposed_ndims=2); return tr.forward(a)` works eagerly
# but `jax.jit(f)` raises TracerArrayConversionError: the bijector is built inside the traced
# function, its constructor converts the integer with `convert_to_tensor` (jax.numpy in the JAX
# substrate, so a tracer under jit), and the permutation is then computed with NumPy from it.
# The bijector keeps TFP's shape (constructor conversion, `_forward` building the permutation in
# a helper); TFP is not installed. Fix (the patch discussed in the thread): keep the static
# integer as a Python value and build the permutation from it.
import jax
import jax.numpy as jnp
import numpy as np

# --- must be flagged ---


def _make_perm(rightmost_transposed_ndims):
    n = np.asarray(rightmost_transposed_ndims)  # expect: JG104
    return np.arange(n - 1, -1, -1)


class Transpose:
    def __init__(self, rightmost_transposed_ndims):
        self._rightmost_transposed_ndims = jnp.asarray(rightmost_transposed_ndims, dtype=jnp.int32)

    def forward(self, x):
        perm = _make_perm(self._rightmost_transposed_ndims)
        batch = tuple(range(x.ndim - len(perm)))
        return jnp.transpose(x, batch + tuple(int(p) + len(batch) for p in perm))


def f(a):
    tr = Transpose(rightmost_transposed_ndims=2)
    return tr.forward(a)


def bug():
    return jax.jit(f)(jnp.eye(3))


# --- must not be flagged ---


class TransposeStatic:
    def __init__(self, rightmost_transposed_ndims):
        self._rightmost_transposed_ndims = int(rightmost_transposed_ndims)

    def forward(self, x):
        perm = np.arange(self._rightmost_transposed_ndims - 1, -1, -1)
        batch = tuple(range(x.ndim - len(perm)))
        return jnp.transpose(x, batch + tuple(int(p) + len(batch) for p in perm))


def f_static(a):
    tr = TransposeStatic(rightmost_transposed_ndims=2)
    return tr.forward(a)


def fixed():
    return jax.jit(f_static)(jnp.eye(3))


RAISES = [(bug, "TracerArrayConversionError")]
RUNS = [fixed]
