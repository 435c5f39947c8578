# Report: PennyLaneAI/pennylane#8239 https://github.com/PennyLaneAI/pennylane/issues/8239
# Class: 4 (a NumPy predicate as a condition, in the initializer of a class built in traced code)
# Rule: JG104
# Reduced: a state-preparation operation validates its input in `__init__` with
# `if not np.allclose(norm, 1.0)`; built inside a jitted circuit, `norm` is traced and NumPy
# converts it (TracerArrayConversionError). Fix: skip the Python check when the value is traced
# (validate before jit), keep only array arithmetic inside.
import jax
import jax.numpy as jnp
import numpy as np

# --- must be flagged ---


class StatePreparation:
    def __init__(self, state):
        norm = jnp.sum(jnp.abs(state) ** 2)
        if not np.allclose(norm, 1.0, atol=1e-3):  # expect: JG104
            raise ValueError(f"State vectors have to be of norm 1.0, got {norm}")
        self.state = state


@jax.jit
def circuit(state):
    return StatePreparation(state).state.real.sum()


def bug():
    return circuit(jnp.array([1.0, 0.0]))


# --- must not be flagged ---


class NormalizedStatePreparation:
    def __init__(self, state):
        self.state = state / jnp.sqrt(jnp.sum(jnp.abs(state) ** 2))


@jax.jit
def normalized_circuit(state):
    return NormalizedStatePreparation(state).state.real.sum()


def fixed():
    state = np.array([1.0, 0.0])
    if not np.allclose(np.sum(np.abs(state) ** 2), 1.0, atol=1e-3):
        raise ValueError("State vectors have to be of norm 1.0")
    return normalized_circuit(jnp.asarray(state))


RAISES = [(bug, "TracerArrayConversionError")]
RUNS = [fixed]
