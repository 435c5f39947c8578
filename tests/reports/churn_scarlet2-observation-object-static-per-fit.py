# Report: pmelchior/scarlet2#120 https://github.com/pmelchior/scarlet2/issues/120
# Class: 6 (churn: a new observation object at a static position for every fit)
# Rule: JG302
# Reduced: processes that fit different scenes/observations recompile the jitted
# `Scene._make_step` for each new fit ("There seems to be a cache miss for the `_make_step`
# function in both cases, resulting in it being recompiled for each new fit"). With equinox's
# filter_jit the non-array parts of the arguments are static; here the observation is a plain
# object (hashed by identity) at a static position of `jax.jit`. Fix: make the observation a
# pytree whose arrays are traced, so fits of the same format share one compile.
import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np

PSF = np.array([0.25, 0.5, 0.25], np.float32)


class Observation:
    def __init__(self, data, psf):
        self.data, self.psf = data, psf


@functools.partial(jax.jit, static_argnums=(1,))
def _make_step(params, obs):
    model = jnp.convolve(params, obs.psf, mode="same")
    return params - 0.1 * (model - obs.data)


# --- must be flagged ---


def fit_scenes(n):
    results = []
    for i in range(n):
        obs = Observation(np.full(8, float(i), np.float32), PSF)
        params = jnp.zeros(8)
        for _ in range(3):
            params = _make_step(params, obs)  # expect: JG302
        results.append(params)
    return results


# --- must not be flagged ---


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class ObservationTree:
    data: jax.Array
    psf: jax.Array


@jax.jit
def _make_step_tree(params, obs):
    model = jnp.convolve(params, obs.psf, mode="same")
    return params - 0.1 * (model - obs.data)


def fit_scenes_tree(n):
    results = []
    for i in range(n):
        obs = ObservationTree(np.full(8, float(i), np.float32), PSF)
        params = jnp.zeros(8)
        for _ in range(3):
            params = _make_step_tree(params, obs)
        results.append(params)
    return results


GROWS = [fit_scenes]
BOUNDED = [fit_scenes_tree]
