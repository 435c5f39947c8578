"""The true look-alike of `merge6_stack_of_appended_objects.py`: the field read back from the stack
is the traced angle (`kept[-1].theta`, built from the jitted argument), so `if last.theta > 0`
takes a tracer's truth value: TracerBoolConversionError under `jit` (JAX 0.10.2)."""

import jax
import jax.numpy as jnp


class RX:
    def __init__(self, theta, wire):
        self.theta, self.wire = theta, wire


def drop_after_positive(operations):
    kept = []
    for op in operations:
        last = kept[-1] if kept else None
        if last is not None and last.theta > 0:  # expect: JG101
            continue
        kept.append(op)
    return kept


def circuit(x):
    kept = drop_after_positive([RX(x, 0), RX(x + 1.0, 0)])
    return jnp.cos(sum(op.theta for op in kept))


jitted_circuit = jax.jit(circuit)
RAISES = [(lambda: jitted_circuit(jnp.array(0.5)), "TracerBoolConversionError")]
