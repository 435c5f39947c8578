# Report: google/brax#321 https://github.com/google/brax/issues/321
# Class: 4 (NumPy on traced values in a method called by the jitted bound method)
# Rule: JG104
# Reduced: `jax.jit(env.step)` on a freshly created environment raised TracerArrayConversionError
# from inside the library (the thread shows the user's three lines and the error). Here the
# step computes its reward in a helper method with NumPy (`np.linalg.norm`) on the traced
# state, which stands in for the library code the traceback went through. Fix: jax.numpy in
# the helper.
import jax
import jax.numpy as jnp
import numpy as np

# --- must be flagged ---


class Reacher:
    action_size = 2

    def _reward(self, pos, target):
        return -np.linalg.norm(pos - target)  # expect: JG104

    def step(self, state, action):
        pos = state["pos"] + 0.1 * action
        return {"pos": pos, "target": state["target"], "reward": self._reward(pos, state["target"])}


def bug():
    env = Reacher()
    jit_env_step = jax.jit(env.step)
    state = {"pos": jnp.zeros(2), "target": jnp.ones(2), "reward": jnp.zeros(())}
    return jit_env_step(state, jnp.ones((env.action_size,)))


# --- must not be flagged ---


class JnpReacher:
    action_size = 2

    def _reward(self, pos, target):
        return -jnp.linalg.norm(pos - target)

    def step(self, state, action):
        pos = state["pos"] + 0.1 * action
        return {"pos": pos, "target": state["target"], "reward": self._reward(pos, state["target"])}


def fixed():
    env = JnpReacher()
    jit_env_step = jax.jit(env.step)
    state = {"pos": jnp.zeros(2), "target": jnp.ones(2), "reward": jnp.zeros(())}
    return jit_env_step(state, jnp.ones((env.action_size,)))


RAISES = [(bug, "TracerArrayConversionError")]
RUNS = [fixed]
