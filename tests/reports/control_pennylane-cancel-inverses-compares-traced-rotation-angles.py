# Report: PennyLaneAI/pennylane#6778 https://github.com/PennyLaneAI/pennylane/issues/6778
# Class: 1 (values inside containers and objects: traced angles held by the tape's operations)
# Rule: JG101
# Reduced: "`cancel_inverses` is not jittable": a circuit applies `qml.adjoint(qml.RX(x + 0.1, 0))`
# then `qml.RX(x, 0)`; under `jax.jit(circuit)(jnp.array(0.5))` the transform, which walks the
# tape and drops an operation followed by its inverse, compares the two rotations' parameters,
# and "we are trying to compare the equality of tracers": TracerBoolConversionError. Reduced: the
# tape is a list of RX / Adjoint objects, the transform compares wires and angles; the circuit's
# value is the cosine of the remaining angles. The legal form decides the cancellation from what
# is static (the same angle object, the wires) and never from traced values.
import jax
import jax.numpy as jnp


class RX:
    def __init__(self, theta, wire):
        self.theta, self.wire = theta, wire


class Adjoint:
    def __init__(self, base):
        self.base = base


def angle_of(op):
    return -op.base.theta if isinstance(op, Adjoint) else op.theta


# --- must be flagged ---


def cancel_inverses(tape):
    ops = []
    for op in tape:
        prev = ops[-1] if ops else None
        if isinstance(prev, Adjoint) and prev.base.wire == op.wire and jnp.allclose(prev.base.theta, op.theta):  # expect: JG101
            ops.pop()
            continue
        ops.append(op)
    return ops


def circuit(x):
    tape = [Adjoint(RX(x + 0.1, 0)), RX(x, 0)]
    return jnp.cos(sum(angle_of(op) for op in cancel_inverses(tape)))


def jitted_circuit():
    return jax.jit(circuit)(jnp.array(0.5))


# --- must not be flagged ---


def drop_identical_inverse_pairs(operations):
    """pennylane#6778: cancel only a pair that shares the very same angle object (static)."""
    kept = []
    for current in operations:
        last = kept[-1] if kept else None
        same_angle = last is not None and isinstance(last, Adjoint) and last.base.theta is current.theta
        if same_angle and last.base.wire == current.wire:
            kept.pop()
        else:
            kept.append(current)
    return kept


def circuit_static_cancel(x):
    shifted = x + 0.1
    ops = drop_identical_inverse_pairs([Adjoint(RX(shifted, 0)), RX(x, 0)])
    return jnp.cos(sum(angle_of(op) for op in ops))


def jitted_static_cancel():
    return jax.jit(circuit_static_cancel)(jnp.array(0.5))


RAISES = [(jitted_circuit, "TracerBoolConversionError")]
RUNS = [jitted_static_cancel]
