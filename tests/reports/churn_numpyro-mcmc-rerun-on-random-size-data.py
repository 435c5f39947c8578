# Report: pyro-ppl/numpyro#1699 https://github.com/pyro-ppl/numpyro/issues/1699
# Class: 6 (churn from data: observations of a random size on every run)
# Rule: JG303
# Reduced (numpyro is not installed: a jitted log-density of the thread's Normal model stands in
# for `mcmc.run`, which with `jit_model_args=True` traces the data as an argument): "Memory leak
# in MCMC?": the loop runs MCMC `for i in range(10)` on `np.zeros((np.random.randint(0, 10),))`,
# a data set of a random length each time, and memory keeps growing even after
# `jax.clear_caches()`: every new length is a new shape, so the sampler's jitted functions are
# traced and compiled again. Fix: give the observations one shape (pad to the largest size and
# pass a mask), so one compiled program serves every run.
import jax
import jax.numpy as jnp
import numpy as np
from jax.scipy.stats import norm

MAX_OBS = 16


@jax.jit
def log_density(params, y_obs, mask):
    mu, log_sigma = params
    log_lik = norm.logpdf(y_obs, mu, jnp.exp(log_sigma))
    return norm.logpdf(mu, 0.0, 1.0) + jnp.sum(jnp.where(mask, log_lik, 0.0))


# --- must be flagged ---


def run(n):
    rng = np.random.default_rng(0)
    params = jnp.zeros(2)
    for _ in range(n):
        y_obs = np.zeros((rng.integers(1, MAX_OBS),))
        lp = log_density(params, y_obs, np.ones(y_obs.shape, bool))  # expect: JG303
    return lp


# --- must not be flagged ---


def run_padded(n):
    rng = np.random.default_rng(0)
    params = jnp.zeros(2)
    for _ in range(n):
        size = rng.integers(1, MAX_OBS)
        y_obs = np.zeros((MAX_OBS,))
        lp = log_density(params, y_obs, np.arange(MAX_OBS) < size)
    return lp


GROWS = [run]
BOUNDED = [run_padded]
