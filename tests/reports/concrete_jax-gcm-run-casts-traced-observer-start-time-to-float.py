# Report: climate-analytics-lab/jax-gcm#747 https://github.com/climate-analytics-lab/jax-gcm/pull/747
# Class: 2 (arguments JAX needs static: an observation start time cast to a Python float)
# Rule: JG104
# Reduced: "Physics parameters: unblock jit around run": review of `Model.run_from_state_with_carry`
# points out that "when a calibration function is compiled as `jax.jit(lambda state, t0:
# model.run(state, observer_t0_days=t0, ...))`, `t0` is a JAX tracer and this `float()` raises
# `ConcretizationTypeError`", for `obs_t0_days = (float(observer_t0_days) ...)`. The suggested fix
# is to "explicitly require/mark this argument as static or move the host-side preparation outside
# the jitted function"; the look-alike marks the start time static.
import jax
import jax.numpy as jnp

DT_DAYS = 0.25


def step(state, t_days):
    forcing = jnp.sin(2.0 * jnp.pi * t_days / 365.0)
    return state + DT_DAYS * (forcing - 0.1 * state)


# --- must be flagged ---


def run(state, observer_t0_days, total_time_days=2.0):
    n_steps = int(total_time_days / DT_DAYS)
    obs_t0_days = float(observer_t0_days)  # expect: JG104
    for i in range(n_steps):
        state = step(state, obs_t0_days + i * DT_DAYS)
    return state


calibrate = jax.jit(lambda state, t0: run(state, observer_t0_days=t0))


def crashes():
    return calibrate(jnp.zeros(4), 10.0)


# --- must not be flagged ---


run_static_t0 = jax.jit(run, static_argnames=("observer_t0_days", "total_time_days"))


def works():
    return run_static_t0(jnp.zeros(4), observer_t0_days=10.0)


RAISES = [(crashes, "ConcretizationTypeError")]
RUNS = [works]
