# Report: asantini29/phentax#28 https://github.com/asantini29/phentax/pull/28
# Class: 3 (everything created inside jit is traced, constants included)
# Rule: JG104
# Reduced: calling the waveform model inside `jax.jit` raises ConcretizationTypeError from
# `initial_processing`: `int(jnp.ceil(T / delta_t))` on Python floats is a traced value under
# jit. Fix (the PR's): `math.ceil(T / delta_t)` keeps the computation on Python floats. The
# waveform itself is reduced to a damped sinusoid on the time grid.
import math

import jax
import jax.numpy as jnp


# --- must be flagged ---


class IMRPhenomTHM:
    def __init__(self, T=4.0, delta_t=0.5):
        self.T = T
        self.delta_t = delta_t

    def initial_processing(self):
        n_steps = int(jnp.ceil(self.T / self.delta_t))  # expect: JG104
        return jnp.arange(n_steps) * self.delta_t

    def __call__(self, mass):
        times = self.initial_processing()
        return jnp.exp(-times / mass) * jnp.cos(times)


def bug():
    return jax.jit(IMRPhenomTHM())(jnp.float32(30.0))


# --- must not be flagged ---


class IMRPhenomTHMFixed:
    def __init__(self, T=4.0, delta_t=0.5):
        self.T = T
        self.delta_t = delta_t

    def initial_processing(self):
        n_steps = math.ceil(self.T / self.delta_t)
        return jnp.arange(n_steps) * self.delta_t

    def __call__(self, mass):
        times = self.initial_processing()
        return jnp.exp(-times / mass) * jnp.cos(times)


def fixed():
    return jax.jit(IMRPhenomTHMFixed())(jnp.float32(30.0))


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
