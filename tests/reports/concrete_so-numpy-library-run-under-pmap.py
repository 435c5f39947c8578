# Report: https://openillumi.com/en/en-fix-jax-pmap-conversion-error (Stack Overflow question, retold: TracerArrayConversionError when running an sbx SAC agent under pmap)
# Class: 3 (everything created inside jit is traced: arrays a library computes inside pmap)
# Rule: JG104
# Reduced: to train two agents in parallel the user writes `pmap(lambda _: my_func())(jnp.arange(2))`,
# where `my_func` builds an sbx `SAC` model and calls `model.learn(...)`; deep inside, the policy's
# `predict` does `actions = np.array(actions).reshape((-1, *self.action_space.shape))` and JAX
# raises TracerArrayConversionError: under pmap every array the library computes with jnp is a
# tracer (even ones that do not depend on the mapped argument), and `np.array` needs its value.
# The policy is reduced to a small class whose `predict` runs a jnp "network" and converts with
# NumPy; the library's training loop to two predict calls. Fix (the answer): keep the library
# out of the transformation, or use `jnp` throughout (`jnp.asarray(actions).reshape(...)`).
import jax
import jax.numpy as jnp
import numpy as np


class Policy:
    def __init__(self, action_shape):
        self.action_shape = action_shape
        self.w = jnp.ones((3, action_shape[0]))

    def forward(self, obs):
        return jnp.tanh(obs @ self.w)


# --- must be flagged ---


class NumpyPolicy(Policy):
    def predict(self, obs):
        actions = self.forward(obs)
        actions = np.array(actions).reshape((-1, *self.action_shape))  # expect: JG104
        return actions


def my_func():
    model = NumpyPolicy((2,))
    total = 0.0
    for _ in range(2):
        total = total + model.predict(jnp.ones((4, 3))).sum()
    return total


def bug():
    n = jax.local_device_count()
    return jax.pmap(lambda _: my_func())(jnp.arange(n))


# --- must not be flagged ---


class JnpPolicy(Policy):
    def predict(self, obs):
        actions = self.forward(obs)
        return jnp.asarray(actions).reshape((-1, *self.action_shape))


def my_func_ok():
    model = JnpPolicy((2,))
    obs = jnp.ones((4, 3))
    return sum(model.predict(obs).sum() for _ in range(2))


def fixed():
    return jax.pmap(lambda _: my_func_ok())(jnp.arange(jax.local_device_count()))


RAISES = [(bug, "TracerArrayConversionError")]
RUNS = [fixed]
