"""The true look-alike of `merge6_stack_of_appended_objects.py`: the field read back from the stack
is the traced angle (`kept[-1].angle`, built from the jitted argument), so `if last.angle > 0`
takes a tracer's truth value: TracerBoolConversionError under `jit` (JAX 0.10.2)."""

import jax
import jax.numpy as jnp


class Rotation:
    """An angle on one qubit."""

    def __init__(self, angle, qubit):
        self.angle = angle
        self.qubit = qubit


def drop_after_positive(operations):
    kept = []
    for op in operations:
        last = kept[-1] if kept else None
        if last is not None and last.angle > 0:  # expect: JG101
            continue
        kept.append(op)
    return kept


def circuit(x):
    kept = drop_after_positive([Rotation(x, 0), Rotation(x + 1.0, 0)])
    return jnp.cos(sum(op.angle for op in kept))


jitted_circuit = jax.jit(circuit)
RAISES = [(lambda: jitted_circuit(jnp.array(0.5)), "TracerBoolConversionError")]
