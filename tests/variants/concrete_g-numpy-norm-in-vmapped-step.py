# Variant of: tests/reports/concrete_brax-numpy-in-env-step.py
# Class: 4 (NumPy on traced values in an environment step)
# Rule: JG104
# Axis: (g) the step is vmapped over a batch of states (no jit), and the reward helper is a function.
import jax
import jax.numpy as jnp
import numpy as np


def reward(pos, target):
    return -np.linalg.norm(pos - target)  # expect: JG104


def step(state, action):
    pos = state["pos"] + 0.1 * action
    return {"pos": pos, "target": state["target"], "reward": reward(pos, state["target"])}


# --- must be flagged ---


def bug():
    state = {"pos": jnp.zeros((4, 2)), "target": jnp.ones((4, 2)), "reward": jnp.zeros(4)}
    return jax.vmap(step)(state, jnp.ones((4, 2)))


# --- must not be flagged ---


def reward_jnp(pos, target):
    return -jnp.linalg.norm(pos - target)


def step_jnp(state, action):
    pos = state["pos"] + 0.1 * action
    return {"pos": pos, "target": state["target"], "reward": reward_jnp(pos, state["target"])}


def fixed():
    state = {"pos": jnp.zeros((4, 2)), "target": jnp.ones((4, 2)), "reward": jnp.zeros(4)}
    return jax.vmap(step_jnp)(state, jnp.ones((4, 2)))


RAISES = [(bug, "TracerArrayConversionError")]
RUNS = [fixed]
