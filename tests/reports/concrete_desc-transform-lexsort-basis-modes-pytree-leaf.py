# Report: PlasmaControl/DESC#1334 https://github.com/PlasmaControl/DESC/issues/1334
# Class: 1 (values inside containers and objects: a NumPy attribute of a registered pytree)
# Rule: JG104
# Reduced: "Problem encountered while optimizing for Ideal-ballooning modes": with jit on,
# `desc/transform.py, in _check_inputs_fft: id2 = np.lexsort((basis.modes[:, 1], basis.modes[:, 0],
# basis.modes[:, 2]))` raises TracerArrayConversionError "on traced array with shape int64[696]"
# while tracing `compute_scaled_error` for jit: DESC's objects are pytrees whose array attributes
# are leaves, so the basis' integer mode table reaches the transform as a tracer. Here the basis is a
# pytree whose `modes` is its child and the objective is a jitted function taking it. Fix: do the
# NumPy sort once where the basis is built (outside jit) and keep the permutation as a leaf, using
# `jnp.take` inside.
import jax
import jax.numpy as jnp
import numpy as np

# --- must be flagged ---


@jax.tree_util.register_pytree_node_class
class FourierZernikeBasis:
    def __init__(self, modes):
        self.modes = modes

    def tree_flatten(self):
        return (self.modes,), None

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children)


def check_inputs_fft(basis):
    id2 = np.lexsort((basis.modes[:, 1], basis.modes[:, 0], basis.modes[:, 2]))  # expect: JG104
    return basis.modes[id2]


@jax.jit
def compute_scaled_error(x, basis):
    modes = check_inputs_fft(basis)
    return x * jnp.sum(modes[:, 2])


MODES = np.array([[0, 0, 1], [1, 1, 0], [2, 0, 0], [1, -1, 1]])


def bug():
    return compute_scaled_error(jnp.ones(2), FourierZernikeBasis(MODES))


# --- must not be flagged ---


@jax.tree_util.register_pytree_node_class
class SortedBasis:
    def __init__(self, modes, fft_order=None):
        self.modes = modes
        if fft_order is None:
            fft_order = np.lexsort((modes[:, 1], modes[:, 0], modes[:, 2]))
        self.fft_order = fft_order

    def tree_flatten(self):
        return (self.modes, self.fft_order), None

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children)


@jax.jit
def compute_scaled_error_sorted(x, basis):
    modes = jnp.take(basis.modes, basis.fft_order, axis=0)
    return x * jnp.sum(modes[:, 2])


def fixed():
    return compute_scaled_error_sorted(jnp.ones(2), SortedBasis(MODES))


RAISES = [(bug, "TracerArrayConversionError")]
RUNS = [fixed]
