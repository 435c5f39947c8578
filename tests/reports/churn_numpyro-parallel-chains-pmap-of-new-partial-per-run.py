# Report: pyro-ppl/numpyro#2172 https://github.com/pyro-ppl/numpyro/pull/2172
# Class: 6 (churn that comes from call structure: a new partial mapped over chains on every run)
# Rule: JG301
# Reduced: "mcmc: Fix memory leak when chain_method="parallel"": every `mcmc.run` built
# `partial(self._single_chain_mcmc, args=args, kwargs=kwargs, ...)` and `pmap`ped it, a new
# function object each time, so each run compiled again and the executables piled up; the patch
# keeps one partial and updates its keywords, and the maintainer asks whether `jax.jit(mcmc.run)`
# avoids it. Here a parallel-chains sampler maps a partial over the chains' keys. Fix: map one
# function, built once, and pass the data as a broadcast argument.
from functools import partial

import jax
import jax.numpy as jnp


def single_chain(key, y_obs, num_samples):
    def step(theta, k):
        prop = theta + 0.3 * jax.random.normal(k)
        better = jnp.sum((y_obs - prop) ** 2) < jnp.sum((y_obs - theta) ** 2)
        theta = jnp.where(better, prop, theta)
        return theta, theta

    return jax.lax.scan(step, 0.0, jax.random.split(key, num_samples))[1]


def chain_keys():
    return jax.random.split(jax.random.PRNGKey(0), jax.local_device_count())


# --- must be flagged ---


class ParallelMCMC:
    def __init__(self, num_samples):
        self.num_samples = num_samples

    def run(self, keys, y_obs):
        map_fn = partial(single_chain, y_obs=y_obs, num_samples=self.num_samples)
        return jax.pmap(map_fn)(keys)  # expect: JG301


def runs(n):
    mcmc = ParallelMCMC(num_samples=10)
    return [mcmc.run(chain_keys(), jnp.full(3, float(i))) for i in range(n)]


# --- must not be flagged ---


class ParallelMCMCOnce:
    def __init__(self, num_samples):
        self._map_fn = jax.pmap(partial(single_chain, num_samples=num_samples), in_axes=(0, None))

    def run(self, keys, y_obs):
        return self._map_fn(keys, y_obs)


def runs_once(n):
    mcmc = ParallelMCMCOnce(num_samples=10)
    return [mcmc.run(chain_keys(), jnp.full(3, float(i))) for i in range(n)]


GROWS = [runs]
BOUNDED = [runs_once]
