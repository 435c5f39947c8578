# Report: pyro-ppl/numpyro#1347 https://github.com/pyro-ppl/numpyro/issues/1347
# Class: 6 (churn that comes from data: new observations closed over by a new sampler function)
# Rule: JG301 (marked on the `jax.jit(lambda ...)` line, the corpus's line for this shape; the blind label was the call on the next line)
# Reduced: "Memory leak when calling MCMC multiple time with non-static observations": one `MCMC`
# object, compiled once, then `mcmc.run(key, np.random.randn())` in a loop, and memory keeps
# growing; the maintainer: try `MCMC(..., jit_model_args=True)`, "otherwise, we can't prevent
# memory of jit caches": without it the model arguments are closed over by the jitted sampler,
# which is made again (and compiled again) for every new data. Here `run` jits a lambda over the
# data it is given; the chain is a few random-walk Metropolis steps. Fix (the maintainer's): the
# sampler is jitted once and takes the data as an argument.
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


def potential(theta, y_obs):
    return 0.5 * theta**2 + 0.5 * jnp.sum((y_obs - theta) ** 2)


def _chain(key, y_obs, num_samples):
    def step(theta, k):
        k1, k2 = jax.random.split(k)
        prop = theta + 0.5 * jax.random.normal(k1)
        accept = jnp.log(jax.random.uniform(k2)) < potential(theta, y_obs) - potential(prop, y_obs)
        theta = jnp.where(accept, prop, theta)
        return theta, theta

    return jax.lax.scan(step, 0.0, jax.random.split(key, num_samples))[1]


# --- must be flagged ---


class MCMC:
    def __init__(self, num_samples):
        self.num_samples = num_samples

    def run(self, key, y_obs):
        sample = jax.jit(lambda k: _chain(k, y_obs, self.num_samples))  # expect: JG301
        return sample(key)


def repeated_runs(n):
    mcmc = MCMC(num_samples=20)
    return [mcmc.run(jax.random.PRNGKey(0), jnp.asarray(np.random.default_rng(i).normal())) for i in range(n)]


# --- must not be flagged ---


class MCMCJitModelArgs:
    def __init__(self, num_samples):
        self.num_samples = num_samples
        self._sample = jax.jit(partial(_chain, num_samples=num_samples))

    def run(self, key, y_obs):
        return self._sample(key, y_obs)


def repeated_runs_jit_args(n):
    mcmc = MCMCJitModelArgs(num_samples=20)
    return [mcmc.run(jax.random.PRNGKey(0), jnp.asarray(np.random.default_rng(i).normal())) for i in range(n)]


GROWS = [repeated_runs]
BOUNDED = [repeated_runs_jit_args]
