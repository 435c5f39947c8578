# Report: pyro-ppl/numpyro#1490 https://github.com/pyro-ppl/numpyro/issues/1490
# Class: 1 (values inside containers and objects: a sample site's intermediates)
# Rule: JG101
# Reduced: "Mixture: Intermediates cannot be coerced to bool": `log_density` walks the model trace
# and does `if intermediates: log_prob = fn.log_prob(value, intermediates) else: ...`; every
# distribution returns its intermediates as a list, but `_MixtureBase.sample_with_intermediates`
# returned the component-index array itself, whose truth value is taken (an error for more than
# one element eagerly, and for any traced value under the jitted potential). Fix (PR #1491): return
# `[indices]`, a list, whose truth value is its length. Here the trace is a list of site dicts and
# the potential is jitted as numpyro's MCMC does.
import jax
import jax.numpy as jnp


def mixture_sample_with_intermediates(key, weights, locs):
    idx = jax.random.categorical(key, jnp.log(weights))
    return locs[idx], idx


def mixture_log_prob(value, weights, locs, intermediates=None):
    comp = -0.5 * (value - locs) ** 2
    return jax.scipy.special.logsumexp(comp + jnp.log(weights))


# --- must be flagged ---


def model_trace(key, weights, locs):
    value, indices = mixture_sample_with_intermediates(key, weights, locs)
    return [{"value": value, "intermediates": indices}]


@jax.jit
def log_density(key, weights, locs):
    total = 0.0
    for site in model_trace(key, weights, locs):
        intermediates = site["intermediates"]
        if intermediates:  # expect: JG101
            total = total + mixture_log_prob(site["value"], weights, locs, intermediates)
        else:
            total = total + mixture_log_prob(site["value"], weights, locs)
    return total


def bug():
    return log_density(jax.random.key(0), jnp.array([0.5, 0.5]), jnp.array([0.0, 3.0]))


# --- must not be flagged ---


def model_trace_fixed(key, weights, locs):
    value, indices = mixture_sample_with_intermediates(key, weights, locs)
    return [{"value": value, "intermediates": [indices]}]


@jax.jit
def log_density_fixed(key, weights, locs):
    total = 0.0
    for site in model_trace_fixed(key, weights, locs):
        intermediates = site["intermediates"]
        if intermediates:
            total = total + mixture_log_prob(site["value"], weights, locs, intermediates)
        else:
            total = total + mixture_log_prob(site["value"], weights, locs)
    return total


def fixed():
    return log_density_fixed(jax.random.key(0), jnp.array([0.5, 0.5]), jnp.array([0.0, 3.0]))


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
