# Report: waymo-research/waymax#14 https://github.com/waymo-research/waymax/issues/14
# Class: 2 (arguments JAX needs concrete: a `range()` bound read from a traced pytree)
# Rule: JG104
# Reduced: a maintainer's snippet jits `benchmark(state)` with
# `for _ in range(state.remaining_timesteps):`; a later user runs it and gets
# TracerIntegerConversionError. The simulator state is a waymax dataclass pytree: here a dict with
# the counter as an array leaf, and the update is a one-line stand-in. The thread does not show a
# fix: here the counter is read outside jit and passed as a static argument.
import functools

import jax
import jax.numpy as jnp

# --- must be flagged ---


def update_state_by_log(state, num_steps=1):
    return {"x": state["x"] + num_steps, "remaining_timesteps": state["remaining_timesteps"] - num_steps}


@jax.jit
def benchmark(state):
    for _ in range(state["remaining_timesteps"]):  # expect: JG104
        state = update_state_by_log(state, num_steps=1)
    return state


def bug():
    return benchmark({"x": jnp.zeros(2), "remaining_timesteps": jnp.asarray(3)})


# --- must not be flagged ---


@functools.partial(jax.jit, static_argnums=1)
def benchmark_fixed(state, remaining_timesteps):
    for _ in range(remaining_timesteps):
        state = update_state_by_log(state, num_steps=1)
    return state


def fixed():
    state = {"x": jnp.zeros(2), "remaining_timesteps": jnp.asarray(3)}
    return benchmark_fixed(state, int(state["remaining_timesteps"]))


RAISES = [(bug, "TracerIntegerConversionError")]
RUNS = [fixed]
