# Report: google-deepmind/mujoco#2306 https://github.com/google-deepmind/mujoco/issues/2306
# Class: 6 (churn from data: a state leaf's weak type changes after the first step)
# Rule: JG304; the closest rule (scalar type churn), opt-in; here a weakly typed data leaf becomes strongly typed
# Reduced: "MJX step compiles twice due to mjx_data.time being a weak type": `jax.jit(mjx.step)`
# compiles at step 1 and again at step 2, because `mjx_data.time` from `mjx.put_data` is weakly
# typed and the data returned by the first step carries a strongly typed time. MJX is not
# installed: `Data` is a registered dataclass whose `time` starts as a weak scalar
# (`jnp.asarray(0.0)`), and `step` advances it by the model's float32 timestep. Fix from the
# report: promote time to a strong type before the loop.
import dataclasses

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Data:
    qpos: jax.Array
    qvel: jax.Array
    time: jax.Array


TIMESTEP = jnp.float32(0.002)


def step(d):
    qvel = d.qvel - TIMESTEP * d.qpos
    return Data(qpos=d.qpos + TIMESTEP * qvel, qvel=qvel, time=d.time + TIMESTEP)


jit_step = jax.jit(step)


def put_data():
    return Data(qpos=jnp.ones(3), qvel=jnp.zeros(3), time=jnp.asarray(0.0))


# --- must be flagged ---


def simulate():
    mjx_data = put_data()
    mjx_data = jit_step(mjx_data)
    mjx_data = jit_step(mjx_data)  # expect: JG304
    return mjx_data.qpos


# --- must not be flagged ---


def simulate_strong_time():
    mjx_data = put_data()
    mjx_data = dataclasses.replace(mjx_data, time=jnp.asarray(mjx_data.time, dtype=jnp.float32))
    mjx_data = jit_step(mjx_data)
    mjx_data = jit_step(mjx_data)
    return mjx_data.qpos


COMPILES = [(simulate, "step", 2), (simulate_strong_time, "step", 1)]
