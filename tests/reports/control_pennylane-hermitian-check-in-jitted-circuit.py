# Report: PennyLaneAI/pennylane#6640 https://github.com/PennyLaneAI/pennylane/issues/6640
# Class: 4 (a validity check in the initializer of an object built inside traced code, on a traced matrix)
# Rule: JG101
# Reduced: "qml.Hermitian doesn't work with jax-jit": a jitted QNode builds
# `qml.expval(qml.Hermitian(y, wires=[1]))` from its argument `y`; constructing the observable
# validates the matrix (`if not allclose(A, A^dagger): raise ValueError("Observable must be
# Hermitian.")`), and with `y` traced the `if` raises TracerBoolConversionError. PennyLane is not
# installed: the observable is a small class with the same check, the circuit an expectation
# value of the matrix in a fixed state. Fix (what the library does for other operators): skip
# the value check when the matrix is abstract and keep only the static shape check.
import jax
import jax.numpy as jnp

STATE = jnp.array([1.0, 0.0], dtype=jnp.complex64)

# --- must be flagged ---


class Hermitian:
    def __init__(self, A, wires):
        A = jnp.asarray(A)
        if A.shape[0] != A.shape[1]:
            raise ValueError("Observable must be a square matrix.")
        if not jnp.allclose(A, jnp.conj(A).T):  # expect: JG101
            raise ValueError("Observable must be Hermitian.")
        self.matrix = A
        self.wires = wires

    def expval(self, state):
        return jnp.real(jnp.vdot(state, self.matrix @ state))


@jax.jit
def circuit(y):
    A = jnp.array([[y[0], y[1]], [y[1], -y[0]]], dtype=jnp.complex64)
    return Hermitian(A, wires=[1]).expval(STATE)


def bug():
    return circuit(jnp.array([0.123, 0.25]))


# --- must not be flagged ---


class HermitianAbstractOk:
    def __init__(self, A, wires):
        A = jnp.asarray(A)
        if A.shape[0] != A.shape[1]:
            raise ValueError("Observable must be a square matrix.")
        if not isinstance(A, jax.core.Tracer) and not jnp.allclose(A, jnp.conj(A).T):
            raise ValueError("Observable must be Hermitian.")
        self.matrix = A
        self.wires = wires

    def expval(self, state):
        return jnp.real(jnp.vdot(state, self.matrix @ state))


@jax.jit
def circuit_ok(y):
    A = jnp.array([[y[0], y[1]], [y[1], -y[0]]], dtype=jnp.complex64)
    return HermitianAbstractOk(A, wires=[1]).expval(STATE)


def fixed():
    return circuit_ok(jnp.array([0.123, 0.25]))


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
