# Report: google-deepmind/mujoco#1291 https://github.com/google-deepmind/mujoco/issues/1291
# Class: 3 (everything created inside jit is traced: the MJX model put on device inside the trace)
# Rule: JG104
# Reduced: "[MJX] loading `mjx_model.actuator_ctrlrange` is not JITable": a Gymnasium MJX
# environment's `__init__` builds `mjx_model = mjx.put_model(model)` and then
# `action_space = gymnasium.spaces.Box(low=mjx_model.actuator_ctrlrange.T[0], ...)`; the test jits
# the construction, so the MJX arrays are tracers and Box's NumPy conversion raises
# TracerArrayConversionError. The maintainer: the MJX field is a jax Array that gets traced; use
# the MuJoCo model's NumPy field (`self.model.actuator_ctrlrange`) instead. MjModel, put_model,
# Box and the step are reduced to plain classes/functions with the same data flow.
import jax
import jax.numpy as jnp
import numpy as np


class MjModel:
    def __init__(self):
        self.actuator_ctrlrange = np.array([[-1.0, 1.0]] * 6)
        self.qpos0 = np.zeros(6)


class MjxModel:
    def __init__(self, actuator_ctrlrange, qpos0):
        self.actuator_ctrlrange = actuator_ctrlrange
        self.qpos0 = qpos0


def put_model(m):
    return MjxModel(jax.device_put(m.actuator_ctrlrange), jax.device_put(m.qpos0))


def mjx_step(mjx_model, ctrl):
    lo, hi = mjx_model.actuator_ctrlrange.T
    return mjx_model.qpos0 + jnp.clip(ctrl, lo, hi)


# --- must be flagged ---


class Box:
    def __init__(self, low, high, dtype=np.float32):
        self.low = np.asarray(low, dtype=dtype)  # expect: JG104
        self.high = np.asarray(high, dtype=dtype)


class HalfCheetahMJXEnv:
    def __init__(self):
        self.model = MjModel()
        self.mjx_model = put_model(self.model)
        self.action_space = Box(
            low=self.mjx_model.actuator_ctrlrange.T[0],
            high=self.mjx_model.actuator_ctrlrange.T[1],
            dtype=np.float32,
        )


def bug():
    def jit_test(ctrl):
        env = HalfCheetahMJXEnv()
        return mjx_step(env.mjx_model, ctrl)

    return jax.jit(jit_test)(jnp.full(6, 2.0))


# --- must not be flagged ---


class HalfCheetahMJXEnvOk:
    def __init__(self):
        self.model = MjModel()
        self.mjx_model = put_model(self.model)
        self.action_space = Box(
            low=self.model.actuator_ctrlrange.T[0],
            high=self.model.actuator_ctrlrange.T[1],
            dtype=np.float32,
        )


def fixed():
    def jit_test(ctrl):
        env = HalfCheetahMJXEnvOk()
        return mjx_step(env.mjx_model, ctrl)

    return jax.jit(jit_test)(jnp.full(6, 2.0))


RAISES = [(bug, "TracerArrayConversionError")]
RUNS = [fixed]
