# Report: pyro-ppl/numpyro#853 https://github.com/pyro-ppl/numpyro/issues/853
# Class: 2 (arguments JAX needs static: the size of `jnp.unique` on data passed to a jitted model)
# Rule: JG105
# Reduced: the model sizes a parameter vector with `jnp.unique(volume).size`; MCMC traces the
# model under jit with the data as arguments, so `volume` is traced. Fix: count the categories
# with NumPy before sampling and pass the count as a Python value (bound with partial).
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import random

# --- must be flagged ---


def model(key, tank, volume):
    a = random.normal(key, tank.shape)
    s = random.normal(key, (jnp.unique(volume).size,))  # expect: JG105
    return a[tank] + s[volume]


def bug():
    volume = np.array([0, 1, 1, 0])
    return jax.jit(model)(random.PRNGKey(0), np.arange(4), volume)


# --- must not be flagged ---


def model_counted(key, tank, volume, n_volume):
    a = random.normal(key, tank.shape)
    s = random.normal(key, (n_volume,))
    return a[tank] + s[volume]


def fixed():
    volume = np.array([0, 1, 1, 0])
    run = jax.jit(functools.partial(model_counted, n_volume=np.unique(volume).size))
    return run(random.PRNGKey(0), np.arange(4), volume)


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
