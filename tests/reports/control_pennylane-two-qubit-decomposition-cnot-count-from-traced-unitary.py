# Report: PennyLaneAI/pennylane#3522 https://github.com/PennyLaneAI/pennylane/issues/3522
# Class: 4 (NumPy and Python on traced values, deeper: a helper's Python branch on the unitary)
# Rule: JG101
# Reduced: "Two-qubit Unitaries are not JIT-able when decomposing": `qml.QubitUnitary(U, wires=[0,
# 1]).decomposition()` inside a jitted QNode fails with "Abstract tracer value encountered ...
# The problem arose with the `bool` function"; "the issue is the use of if-statements that compare
# concrete values derived from function arguments": the two-qubit decomposition first counts the
# CNOTs it needs from invariants of U (`if math.allclose(trace, 4) or math.allclose(trace, -4):
# return 0`, ...), and U is the jitted function's argument. The one-qubit decomposition has no such
# branch and is jittable. Reduced: the count from the magic-basis trace of U U^T, the
# decomposition's length from the count. The legal form passes the count as a static argument.
from functools import partial

import jax
import jax.numpy as jnp

E = jnp.array([[1, 1j, 0, 0], [0, 0, 1j, 1], [0, 0, 1j, -1], [1, -1j, 0, 0]]) / jnp.sqrt(2)


def magic_trace(U):
    u = E.conj().T @ U @ E
    return jnp.trace(u @ u.T)


# --- must be flagged ---


def _compute_num_cnots(U):
    trace = magic_trace(U)
    if jnp.allclose(trace, 4) or jnp.allclose(trace, -4):  # expect: JG101
        return 0
    if jnp.allclose(trace, 0):
        return 2
    return 3


@jax.jit
def decompose(U):
    num_cnots = _compute_num_cnots(U)
    angles = jnp.angle(jnp.diag(U))
    return angles[: 3 * num_cnots + 3]


def decompose_identity():
    return decompose(jnp.eye(4, dtype=jnp.complex64))


# --- must not be flagged ---


@partial(jax.jit, static_argnums=(1,))
def decompose_known_count(U, cnots):
    """pennylane#3522: the CNOT count is chosen by the caller (static), the unitary stays traced."""
    phases = jnp.angle(jnp.diag(U))
    return jnp.resize(phases, (3 * cnots + 3,)) * (magic_trace(U).real / 4)


def decompose_identity_known():
    return decompose_known_count(jnp.eye(4, dtype=jnp.complex64), 0)


RAISES = [(decompose_identity, "TracerBoolConversionError")]
RUNS = [decompose_identity_known]
