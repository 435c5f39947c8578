# Report: PennyLaneAI/pennylane#3225 https://github.com/PennyLaneAI/pennylane/issues/3225
# Class: 4 (NumPy and Python on traced values, deeper: a library constructor validates its traced input)
# Rule: JG103
# Reduced: "BasisStatePreparation cannot be JIT compiled with JAX": `jax.jit(circuit)` of a QNode
# whose body is `qml.BasisStatePreparation(basis_state, wires=range(4))`, called with
# `basis_state = [0, 1, 1, 0]`. The constructor (pennylane/templates/state_preparations/basis.py
# before PR #3239) stacks the state and validates it with
# `if not all(bit in [0, 1] for bit in state)`; under jit every `bit` is a tracer, `bit in [0, 1]`
# calls `bool(bit == 0)` and raises TracerBoolConversionError. Fix (PR #3239): skip the check when
# the state is abstract (`qml.math.is_abstract(state)`). The QNode's expectation values of
# PauliZ on a basis state are written out as `1 - 2 * bit`.
import jax
import jax.numpy as jnp


class BasisStatePreparation:
    def __init__(self, basis_state, wires):
        basis_state = jnp.stack(basis_state)
        batched = len(jnp.shape(basis_state)) > 1
        state_batch = basis_state if batched else [basis_state]
        for i, state in enumerate(state_batch):
            shape = jnp.shape(state)
            if len(shape) != 1:
                raise ValueError(f"Basis states must be one-dimensional; state {i} has shape {shape}.")
            n_bits = shape[0]
            if n_bits != len(wires):
                raise ValueError(f"Basis states must be of length {len(wires)}; state {i} has length {n_bits}.")
            if not all(bit in [0, 1] for bit in state):  # expect: JG103
                raise ValueError(f"Basis states must only consist of 0s and 1s; state {i} is {state}")
        self.basis_state = basis_state
        self.wires = list(wires)


# --- must be flagged ---


def circuit(basis_state):
    op = BasisStatePreparation(basis_state, wires=range(4))
    return [1 - 2 * op.basis_state[i] for i in range(4)]


jitted_circuit = jax.jit(circuit)


def crashes():
    return jitted_circuit([0, 1, 1, 0])


# --- must not be flagged ---


class BasisStatePreparationFixed:
    def __init__(self, basis_state, wires):
        basis_state = jnp.stack(basis_state)
        batched = len(jnp.shape(basis_state)) > 1
        state_batch = basis_state if batched else [basis_state]
        for i, state in enumerate(state_batch):
            shape = jnp.shape(state)
            if shape[0] != len(wires):
                raise ValueError(f"Basis states must be of length {len(wires)}; state {i} has length {shape[0]}.")
            if not isinstance(state, jax.core.Tracer):
                if not all(bit in [0, 1] for bit in state):
                    raise ValueError(f"Basis states must only consist of 0s and 1s; state {i} is {state}")
        self.basis_state = basis_state
        self.wires = list(wires)


def circuit_fixed(basis_state):
    op = BasisStatePreparationFixed(basis_state, wires=range(4))
    return [1 - 2 * op.basis_state[i] for i in range(4)]


def works():
    return jax.jit(circuit_fixed)([0, 1, 1, 0])


RAISES = [(crashes, "TracerBoolConversionError")]
RUNS = [works]
