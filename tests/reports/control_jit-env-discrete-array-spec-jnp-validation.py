# Report: joeryjoery/jit_env#36 https://github.com/joeryjoery/jit_env/issues/36
# Class: 3 (everything created inside jit is traced: `jnp.asarray` of a Python int)
# Rule: JG101 (`if not <traced>:`; relabelled from JG103 after the blind run, to the corpus convention for this shape)
# Reduced: "specs.DiscreteArray uses non-jit compatible construction": the spec's constructor
# promotes `num_values` with `_jnp.asarray(num_values, dtype)` and then checks
# `if not (num_values > 0).all(): raise ValueError(...)`. When an environment builds its action
# spec inside a jitted function (the library is built around jitted env steps), the promoted value
# is a tracer even though `num_values` is a Python int, and `not` takes its truth value. Here the
# spec is a plain class and the environment step builds it to clip the action. Fix: validate on
# the host with NumPy (the values are static configuration), then keep the JAX array.
import jax
import jax.numpy as jnp
import numpy as np


# --- must be flagged ---


class DiscreteArray:
    def __init__(self, num_values, dtype=jnp.int32):
        num_values = jnp.asarray(num_values, dtype)
        if not (num_values > 0).all():  # expect: JG101
            raise ValueError(f"`num_values` may only contain positive integers, got {num_values}.")
        self.num_values = num_values


def step_bug(state, action):
    spec = DiscreteArray(num_values=4)
    return state + jnp.clip(action, 0, spec.num_values - 1)


def bug():
    return jax.jit(step_bug)(jnp.int32(0), jnp.int32(7))


# --- must not be flagged ---


class DiscreteArrayOk:
    def __init__(self, num_values, dtype=np.int32):
        host_values = np.asarray(num_values, dtype)
        if not (host_values > 0).all():
            raise ValueError(f"`num_values` may only contain positive integers, got {host_values}.")
        self.num_values = jnp.asarray(host_values)


def step_ok(state, action):
    spec = DiscreteArrayOk(num_values=4)
    return state + jnp.clip(action, 0, spec.num_values - 1)


def fixed():
    return jax.jit(step_ok)(jnp.int32(0), jnp.int32(7))


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
