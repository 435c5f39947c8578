# Variant of: tests/reports/concrete_scarlet2-numpy-step-size-of-iteration.py
# Class: 4 (NumPy on a traced value: a step-size schedule of the iteration)
# Rule: JG104
# Axis: (g) the iteration is the index of a `lax.fori_loop` (a tracer), passed to the schedule.
import jax
import jax.numpy as jnp
import numpy as np


def relative_step(it):
    return 0.1 * np.exp(-it / 100.0)  # expect: JG104


def loss(params):
    return jnp.sum((params - 1.0) ** 2)


# --- must be flagged ---


def bug():
    return jax.lax.fori_loop(0, 3, lambda it, p: p - relative_step(it) * jax.grad(loss)(p), jnp.zeros(3))


# --- must not be flagged ---


def relative_step_jnp(it):
    return 0.1 * jnp.exp(-it / 100.0)


def fixed():
    return jax.lax.fori_loop(0, 3, lambda it, p: p - relative_step_jnp(it) * jax.grad(loss)(p), jnp.zeros(3))


RAISES = [(bug, "TracerArrayConversionError")]
RUNS = [fixed]
