# Report: kemasuda/jnkepler#50 https://github.com/kemasuda/jnkepler/pull/50
# Class: 4 (NumPy and Python on traced values, deeper: a NumPy validation in an unjitted wrapper)
# Rule: JG104
# Reduced: "skip times_rv range check when input is a jax tracer": `get_transit_times_and_rvs_obs`
# became an unjitted public wrapper that first runs `_validate_times_rv`, which "starts with
# `np.asarray(times_rv)`. That is fine for a concrete array, but a traced caller passes a tracer and
# the conversion fails" with TracerArrayConversionError, "so it cannot be used in a numpyro model".
# The traced caller is reduced to a jitted log-likelihood that receives the RV times as an
# argument. The PR catches the conversion error and skips the check under tracing; that is the
# look-alike.
import jax
import jax.numpy as jnp
import numpy as np


def _rv_model(params, times_rv):
    k, period, phase = params
    return k * jnp.sin(2.0 * jnp.pi * times_rv / period + phase)


_rv_jit = jax.jit(_rv_model)


# --- must be flagged ---


class NbodyRV:
    def __init__(self, t_start, t_end):
        self.t_start = t_start
        self.t_end = t_end

    def _validate_times_rv(self, times_rv):
        t = np.asarray(times_rv)  # expect: JG104
        if np.any(t < self.t_start) or np.any(t > self.t_end):
            raise ValueError("times_rv outside the integration range")

    def get_rvs(self, params, times_rv):
        self._validate_times_rv(times_rv)
        return _rv_jit(params, times_rv)


NB = NbodyRV(0.0, 100.0)


@jax.jit
def log_likelihood(params, times_rv, rv_obs):
    return -0.5 * jnp.sum((NB.get_rvs(params, times_rv) - rv_obs) ** 2)


TIMES = jnp.linspace(1.0, 90.0, 12)
RV_OBS = jnp.zeros(12)
PARAMS = jnp.array([3.0, 10.0, 0.1])


def crashes():
    return log_likelihood(PARAMS, TIMES, RV_OBS)


# --- must not be flagged ---


class NbodyRVSafe(NbodyRV):
    def _validate_times_rv(self, times_rv):
        try:
            t = np.asarray(times_rv)
        except jax.errors.TracerArrayConversionError:
            return  # traced caller: out-of-range times give NaN on the jitted path
        if np.any(t < self.t_start) or np.any(t > self.t_end):
            raise ValueError("times_rv outside the integration range")


NB_SAFE = NbodyRVSafe(0.0, 100.0)


@jax.jit
def log_likelihood_safe(params, times_rv, rv_obs):
    return -0.5 * jnp.sum((NB_SAFE.get_rvs(params, times_rv) - rv_obs) ** 2)


def works():
    NB_SAFE.get_rvs(PARAMS, np.linspace(1.0, 90.0, 12))  # concrete call still validated
    return log_likelihood_safe(PARAMS, TIMES, RV_OBS)


RAISES = [(crashes, "TracerArrayConversionError")]
RUNS = [works]
