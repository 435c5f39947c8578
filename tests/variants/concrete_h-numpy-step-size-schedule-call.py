# Variant of: tests/reports/concrete_scarlet2-numpy-step-size-of-iteration.py
# Class: 4 (NumPy on a traced value: a step-size schedule of the iteration)
# Rule: JG104
# Axis: (h) the schedule is a callable object (`__call__`) held by an optimizer, called in its jitted step.
import functools

import jax
import jax.numpy as jnp
import numpy as np


class ExpDecay:
    def __init__(self, scale):
        self.scale = scale

    def __call__(self, it):
        return self.scale * np.exp(-it / 100.0)  # expect: JG104


def loss(params):
    return jnp.sum((params - 1.0) ** 2)


class Optimizer:
    def __init__(self, schedule):
        self.schedule = schedule

    @functools.partial(jax.jit, static_argnums=0)
    def step(self, params, it):
        return params - self.schedule(it) * jax.grad(loss)(params)


# --- must be flagged ---


def bug():
    return Optimizer(ExpDecay(0.1)).step(jnp.zeros(3), jnp.asarray(5))


# --- must not be flagged ---


class ExpDecayJnp(ExpDecay):
    def __call__(self, it):
        return self.scale * jnp.exp(-it / 100.0)


def fixed():
    return Optimizer(ExpDecayJnp(0.1)).step(jnp.zeros(3), jnp.asarray(5))


RAISES = [(bug, "TracerArrayConversionError")]
RUNS = [fixed]
