# Report: pyro-ppl/numpyro#691 https://github.com/pyro-ppl/numpyro/issues/691
# Class: 2 (arguments JAX needs static: a slice length passed among the jitted model arguments)
# Rule: JG105
# Reduced: "Can't use jit_model_args for multi chains": with `MCMC(..., jit_model_args=True)` the
# Time Series Forecasting tutorial's `sgt(y, seasonality, future)` model fails inside
# `lax_numpy`, "due to the parameter `seasonality` in function `sgt`": jitting the model
# arguments makes `seasonality` a tracer, and the model slices `y[:seasonality]` for the prior of
# the initial seasonality. The maintainer: "jitting index/length arguments might not be
# permitted", and suggests `model=partial(sgt, seasonality=38)`. The model's log density is
# reduced to the sliced prior, jitted over its model arguments as `jit_model_args` does.
from functools import partial

import jax
import jax.numpy as jnp


def sgt_log_density(init_s, y, seasonality):
    scale = y[:seasonality] * 0.3  # expect: JG105
    return jnp.sum(-jnp.log1p((init_s / scale) ** 2))


# --- must be flagged ---


def bug():
    y = jnp.arange(1.0, 81.0)
    return jax.jit(sgt_log_density)(jnp.zeros(38), y, 38)


# --- must not be flagged ---


def fixed():
    y = jnp.arange(1.0, 81.0)
    model = partial(sgt_log_density, seasonality=38)
    return jax.jit(model)(jnp.zeros(38), y)


RAISES = [(bug, "IndexError")]
RUNS = [fixed]
