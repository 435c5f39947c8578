"""A stack of objects filled by `append` in a jitted helper (`kept.append(op)`), the last one read
back (`last = kept[-1] if kept else None`) and compared by a field every construction passes as a
Python int (`last.qubit == op.qubit`): a list holds the very objects appended, so `kept[-1].qubit` is
that int, and the `if` runs under `jit` (JAX 0.10.2). Objects of two classes in one list (a rotation
and its adjoint) read an attribute the elements that have it hold (on the others Python raises
AttributeError first): `op.qubit` of `[Dagger(Rotation(t, 0)), Rotation(t, 0)]` read after an
`isinstance` test is the rotation's int.

Seen as: the 24th report batch's look-alike of a circuit transform that cancels adjacent inverse
rotations (pennylane#6778, tests/reports/control_pennylane-cancel-inverses-compares-traced-rotation-angles.py),
flagged until APPENDROWS and MIXEDROWS (docs/precision.md).
"""

import jax
import jax.numpy as jnp


class Rotation:
    """An angle on one qubit."""

    def __init__(self, angle, qubit):
        self.angle = angle
        self.qubit = qubit


class Dagger:
    """The inverse of an operation."""

    def __init__(self, op):
        self.op = op


def drop_repeated_wires(operations):
    kept = []
    for op in operations:
        last = kept[-1] if kept else None
        if last is not None and last.qubit == op.qubit:
            kept.pop()
        else:
            kept.append(op)
    return kept


def wires_of_rotations(operations):
    wires = []
    for op in operations:
        if isinstance(op, Rotation) and op.qubit == 0:
            wires.append(op.angle)
    return wires


def circuit(x):
    kept = drop_repeated_wires([Rotation(x, 0), Rotation(x + 1.0, 0), Rotation(x, 1)])
    mixed = wires_of_rotations([Dagger(Rotation(x + 0.1, 0)), Rotation(x, 0)])
    return jnp.cos(sum(op.angle for op in kept) + sum(mixed))


jitted_circuit = jax.jit(circuit)
RUNS = [lambda: jitted_circuit(jnp.array(0.5))]
