# Report: blackjax-devs/blackjax#1029 https://github.com/blackjax-devs/blackjax/issues/1029
# Class: 3 (a value computed inside the traced run is traced: `float()` of `jnp.exp(...)` of the adaptation state)
# Rule: JG104
# Reduced: `chees_adaptation(...).run` under `jax.jit` calls `_apply_length_floor(...,
# float(step_size_ma))` where `step_size_ma = jnp.exp(last_adaptation_state.
# log_step_size_moving_average)`; the branch is taken only when a mass matrix is estimated, so
# `mass_matrix_estimation="diagonal"` fails with ConcretizationTypeError. The adaptation (a scan of
# dual-averaging steps over chains) is reduced to a scan that moves the log step size; the floor
# helper keeps its arguments. Fix: pass the array (`step_size_ma`), which the helper only
# multiplies.
from typing import NamedTuple

import jax
import jax.numpy as jnp


class ChEESAdaptationState(NamedTuple):
    log_step_size: jax.Array
    log_step_size_moving_average: jax.Array
    trajectory_length_moving_average: jax.Array


def _apply_length_floor(trajectory_length, lambda_max, engaged, length_floor, max_leapfrog_steps, step_size):
    floor = length_floor * step_size * jnp.sqrt(lambda_max)
    cap = max_leapfrog_steps * step_size
    length = jnp.where(engaged, jnp.clip(trajectory_length, floor, cap), trajectory_length)
    return length, engaged & (floor > cap)


def logdensity(x):
    return -0.5 * jnp.sum(x**2)


# --- must be flagged ---


class chees_adaptation:
    def __init__(self, logdensity_fn, num_chains, mass_matrix_estimation=None, max_leapfrog_steps=1000):
        self.logdensity_fn = logdensity_fn
        self.num_chains = num_chains
        self.mass_matrix_estimation = mass_matrix_estimation
        self.max_leapfrog_steps = max_leapfrog_steps
        self._length_floor = 2.0

    def _adapt(self, rng_key, positions, step_size, num_steps):
        def one_step(state, key):
            grads = jax.vmap(jax.grad(self.logdensity_fn))(positions)
            log_step_size = state.log_step_size + 0.01 * jnp.mean(grads) + 0.001 * jax.random.normal(key)
            average = 0.9 * state.log_step_size_moving_average + 0.1 * log_step_size
            length = 0.9 * state.trajectory_length_moving_average + 0.1 * jnp.exp(log_step_size)
            return ChEESAdaptationState(log_step_size, average, length), None

        init = ChEESAdaptationState(jnp.log(step_size), jnp.log(step_size), jnp.asarray(1.0))
        last_state, _ = jax.lax.scan(one_step, init, jax.random.split(rng_key, num_steps))
        return last_state

    def run(self, rng_key, positions, step_size, num_steps=4):
        last_adaptation_state = self._adapt(rng_key, positions, step_size, num_steps)
        step_size_ma = jnp.exp(last_adaptation_state.log_step_size_moving_average)
        trajectory_length_ma = last_adaptation_state.trajectory_length_moving_average
        enable_length_floor = self.mass_matrix_estimation is not None and self._length_floor
        if enable_length_floor:
            lambda_max = jnp.max(jnp.var(positions, axis=0))
            final_engaged = lambda_max > 0
            trajectory_length_ma, floor_clipped_by_cap = _apply_length_floor(
                trajectory_length_ma,
                lambda_max,
                final_engaged,
                self._length_floor,
                self.max_leapfrog_steps,
                float(step_size_ma),  # expect: JG104
            )
        return step_size_ma, trajectory_length_ma


NCHAINS, NDIM = 8, 3


def bug():
    warmup = chees_adaptation(logdensity, NCHAINS, mass_matrix_estimation="diagonal")
    positions = jnp.arange(NCHAINS * NDIM, dtype=jnp.float32).reshape(NCHAINS, NDIM)
    return jax.jit(warmup.run)(jax.random.PRNGKey(0), positions, 0.5)


# --- must not be flagged ---


class chees_adaptation_fixed(chees_adaptation):
    def run(self, rng_key, positions, step_size, num_steps=4):
        last_adaptation_state = self._adapt(rng_key, positions, step_size, num_steps)
        step_size_ma = jnp.exp(last_adaptation_state.log_step_size_moving_average)
        trajectory_length_ma = last_adaptation_state.trajectory_length_moving_average
        enable_length_floor = self.mass_matrix_estimation is not None and self._length_floor
        if enable_length_floor:
            lambda_max = jnp.max(jnp.var(positions, axis=0))
            final_engaged = lambda_max > 0
            trajectory_length_ma, floor_clipped_by_cap = _apply_length_floor(
                trajectory_length_ma,
                lambda_max,
                final_engaged,
                self._length_floor,
                self.max_leapfrog_steps,
                step_size_ma,
            )
        return step_size_ma, trajectory_length_ma


def fixed():
    warmup = chees_adaptation_fixed(logdensity, NCHAINS, mass_matrix_estimation="diagonal")
    positions = jnp.arange(NCHAINS * NDIM, dtype=jnp.float32).reshape(NCHAINS, NDIM)
    return jax.jit(warmup.run)(jax.random.PRNGKey(0), positions, 0.5)


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
