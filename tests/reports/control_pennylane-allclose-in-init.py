# Report: PennyLaneAI/pennylane#8239 https://github.com/PennyLaneAI/pennylane/issues/8239
# Class: 4 (a check in the initializer of a class built inside traced code)
# Rule: JG101
# Reduced: a state-preparation operation validates its input in `__init__` with
# `if not allclose(norm, 1.0, atol=1e-3)`; the math dispatches to JAX, and when the operation is
# built inside a jitted circuit the norm is traced, so the `if` fails. The library guards the
# check with an "is this value abstract?" test; the look-alike does the same (a Python
# `isinstance` test, false for concrete arrays and true for tracers).
import jax
import jax.numpy as jnp

# --- must be flagged ---


class StatePreparation:
    def __init__(self, state):
        norm = jnp.sum(jnp.abs(state) ** 2)
        if not jnp.allclose(norm, 1.0, atol=1e-3):  # expect: JG101
            raise ValueError("State vectors have to be of norm 1.0")
        self.state = state


@jax.jit
def circuit(state):
    return StatePreparation(state).state.real.sum()


def bug():
    return circuit(jnp.array([1.0, 0.0]))


# --- must not be flagged ---


def is_abstract(x):
    return isinstance(x, jax.core.Tracer)


class GuardedStatePreparation:
    def __init__(self, state):
        if not is_abstract(state):
            norm = jnp.sum(jnp.abs(state) ** 2)
            if not jnp.allclose(norm, 1.0, atol=1e-3):
                raise ValueError("State vectors have to be of norm 1.0")
        self.state = state


@jax.jit
def guarded_circuit(state):
    return GuardedStatePreparation(state).state.real.sum()


def fixed():
    GuardedStatePreparation(jnp.array([1.0, 0.0]))  # checked eagerly
    return guarded_circuit(jnp.array([1.0, 0.0]))


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
