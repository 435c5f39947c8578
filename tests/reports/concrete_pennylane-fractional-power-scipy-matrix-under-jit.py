# Report: PennyLaneAI/pennylane#6705 https://github.com/PennyLaneAI/pennylane/issues/6705
# Class: 4 (NumPy and Python on traced values, deeper: a SciPy routine on a traced matrix)
# Rule: JG104 (SciPy, like NumPy, converts its argument to a NumPy array)
# Reduced: "[BUG] Calculating the matrix of a fractional power during jitting": `op = qml.RX(x, 0)
# ** 2.0; op.matrix()` inside `jax.jit(circuit)(0.5)` says the power has a matrix, then fails
# "due to using a scipy routine on a jax array" (TracerArrayConversionError): the Pow operator
# computes `scipy.linalg.fractional_matrix_power(base_matrix, z)`. Here the operator is a plain
# class and the circuit returns the probabilities of the powered gate applied to |0>. Fix: for an
# integer-valued exponent use `jnp.linalg.matrix_power` (the maintainers: under jit, say there is no
# matrix rather than reach SciPy).
import jax
import jax.numpy as jnp
import scipy.linalg


def rx_matrix(theta):
    c, s = jnp.cos(theta / 2), jnp.sin(theta / 2)
    return jnp.array([[c, -1j * s], [-1j * s, c]])


# --- must be flagged ---


class Pow:
    def __init__(self, base_matrix, z):
        self.base_matrix = base_matrix
        self.z = z

    def matrix(self):
        return scipy.linalg.fractional_matrix_power(self.base_matrix, self.z)  # expect: JG104


def circuit(x):
    op = Pow(rx_matrix(x), 2.0)
    state = op.matrix() @ jnp.array([1.0 + 0j, 0.0])
    return jnp.abs(state) ** 2


def bug():
    return jax.jit(circuit)(0.5)


# --- must not be flagged ---


class PowInt:
    def __init__(self, base_matrix, z):
        self.base_matrix = base_matrix
        self.z = z

    def matrix(self):
        return jnp.linalg.matrix_power(self.base_matrix, int(self.z))


def circuit_int(x):
    op = PowInt(rx_matrix(x), 2.0)
    state = op.matrix() @ jnp.array([1.0 + 0j, 0.0])
    return jnp.abs(state) ** 2


def fixed():
    return jax.jit(circuit_int)(0.5)


RAISES = [(bug, "TracerArrayConversionError")]
RUNS = [fixed]
