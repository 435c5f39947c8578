# Variant of: tests/reports/concrete_brax-numpy-in-env-step.py
# Class: 1 (values inside objects: attributes of a state object built in traced code)
# Rule: JG104
# Axis: (c) the traced positions are attributes of a State object that the jitted step builds.
import jax
import jax.numpy as jnp
import numpy as np


class State:
    def __init__(self, pos, target):
        self.pos = pos
        self.target = target

    def distance(self):
        return np.linalg.norm(self.pos - self.target)  # expect: JG104


class Reacher:
    def step(self, pos, target, action):
        state = State(pos + 0.1 * action, target)
        return state.pos, -state.distance()


# --- must be flagged ---


def bug():
    env = Reacher()
    return jax.jit(env.step)(jnp.zeros(2), jnp.ones(2), jnp.ones(2))


# --- must not be flagged ---


def fixed():
    env = Reacher()
    return env.step(np.zeros(2), np.ones(2), np.ones(2))


RAISES = [(bug, "TracerArrayConversionError")]
RUNS = [fixed]
