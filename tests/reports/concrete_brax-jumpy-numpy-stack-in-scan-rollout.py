# Report: google/brax#227 https://github.com/google/brax/issues/227
# Class: 4 (NumPy and Python on traced values, deeper: a NumPy/JAX dispatch helper fooled by scan)
# Rule: JG104
# Reduced: "Brax Environment.ipynb not working, possibly due to numpy.ndarray conversion method
# __array__() call": brax's `jumpy` helpers run NumPy unless they detect that they are inside
# `jax.jit`; the episode wrapper steps the environment inside `lax.scan` (wrappers.py, "while
# tracing the function f ... for scan"), which the jit check does not see, so `onp.stack` receives
# tracers (TracerArrayConversionError). Here jumpy's jit detection is a depth counter kept by its
# own `jit`, the environment stacks per-actuator torques, and the rollout scans the step outside
# jit. Fix: run the rollout under jumpy's jit (inside jit, jumpy uses `jax.numpy`).
import jax
import jax.numpy as jnp
import numpy as onp

_JIT_DEPTH = [0]


def jit(fun):
    jitted = jax.jit(fun)

    def wrapped(*args):
        _JIT_DEPTH[0] += 1
        try:
            return jitted(*args)
        finally:
            _JIT_DEPTH[0] -= 1

    return wrapped


def _in_jit():
    return _JIT_DEPTH[0] > 0


# --- must be flagged ---


def stack(xs):
    if _in_jit():
        return jnp.stack(xs)
    return onp.stack(xs)  # expect: JG104


def env_step(qp, action):
    torques = stack([action[i] * 2.0 for i in range(action.shape[0])])
    return qp + 0.01 * torques


def rollout(qp, actions):
    def f(carry, action):
        carry = env_step(carry, action)
        return carry, carry

    return jax.lax.scan(f, qp, actions)


def bug():
    return rollout(jnp.zeros(3), jnp.ones((5, 3)))


# --- must not be flagged ---


def fixed():
    return jit(rollout)(jnp.zeros(3), jnp.ones((5, 3)))


RAISES = [(bug, "TracerArrayConversionError")]
RUNS = [fixed]
