# Report: PennyLaneAI/pennylane#6008 https://github.com/PennyLaneAI/pennylane/issues/6008
# Class: 4 (NumPy and Python on traced values, deeper: a device converting its input to NumPy)
# Rule: JG104
# Reduced: "[BUG] `BasisEmbedding` does not work with `lightning.qubit` and `jax.jit`": the same
# `@jax.jit @qml.qnode` circuit with `qml.BasisEmbedding(n, wires)` works on `default.qubit` but on
# `lightning.qubit` fails in `pennylane/math/single_dispatch.py, _to_numpy_jax: return
# np.array(getattr(x, "val", x))` (TracerArrayConversionError): the C++ device needs the basis
# state as NumPy bits, but `n` is traced. Here the device prepares the basis state and returns it;
# the helper is `np.array(x)` (under JAX 0.10.2 a tracer has a `.val` attribute, so the original
# `getattr(x, "val", x)` fails one step later, with a TypeError).
# Fix (default.qubit's way): compute the basis index with `jax.numpy` and scatter the amplitude.
import jax
import jax.numpy as jnp
import numpy as np

# --- must be flagged ---


def to_numpy(x):
    return np.array(x)  # expect: JG104


class LightningQubit:
    def __init__(self, wires):
        self.wires = wires

    def basis_state(self, n):
        bits = to_numpy(n)
        index = int("".join(str(int(b)) for b in bits), 2)
        return jnp.zeros(2**self.wires).at[index].set(1.0)


dev = LightningQubit(3)


@jax.jit
def circuit_basis_embedding(n):
    return dev.basis_state(n)


def bug():
    return circuit_basis_embedding(jnp.array([0, 1, 1]))


# --- must not be flagged ---


class DefaultQubit:
    def __init__(self, wires):
        self.wires = wires

    def basis_state(self, n):
        index = jnp.dot(n, 2 ** jnp.arange(self.wires)[::-1])
        return jnp.zeros(2**self.wires).at[index].set(1.0)


dev_default = DefaultQubit(3)


@jax.jit
def circuit_basis_embedding_default(n):
    return dev_default.basis_state(n)


def fixed():
    return circuit_basis_embedding_default(jnp.array([0, 1, 1]))


RAISES = [(bug, "TracerArrayConversionError")]
RUNS = [fixed]
