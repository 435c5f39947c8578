# Report: netket/netket#708 https://github.com/netket/netket/pull/708
# Class: 6 (churn: a jitted kernel built per sampler instance, samplers made again and again)
# Rule: JG301
# Reduced: "Small cleanup of sampler interface": "It moves the function that gets jit-compiled to a
# function so we recompile less when creating new samplers" ("this was totally unintended"): the
# sampler jitted its own bound method when constructed, so every new sampler object compiled the
# Markov-chain kernel again. Here a Metropolis sampler over spin chains is a plain class and the
# user code makes one sampler per run of a seed sweep. Fix (the PR's): the jitted kernel is a
# module-level function; the sampler passes its settings as arguments (static where they are
# Python ints).
import functools

import jax
import jax.numpy as jnp


def _sweep(sigma, key, n_sites):
    keys = jax.random.split(key, n_sites)

    def flip(s, k):
        i = jax.random.randint(k, (), 0, n_sites)
        proposal = s.at[i].multiply(-1)
        accept = jax.random.uniform(k) < jnp.exp(-jnp.abs(jnp.sum(proposal) - jnp.sum(s)))
        return jnp.where(accept, proposal, s), None

    return jax.lax.scan(flip, sigma, keys)[0]


# --- must be flagged ---


class MetropolisLocal:
    def __init__(self, n_sites, n_sweeps=4):
        self.n_sites, self.n_sweeps = n_sites, n_sweeps
        self._sample_jit = jax.jit(self._sample_chain)

    def _sample_chain(self, sigma, key):
        for k in jax.random.split(key, self.n_sweeps):
            sigma = _sweep(sigma, k, self.n_sites)
        return sigma

    def sample(self, sigma, key):
        return self._sample_jit(sigma, key)  # expect: JG301


def seed_sweep(n):
    out = []
    for seed in range(n):
        sampler = MetropolisLocal(n_sites=6)
        out.append(sampler.sample(jnp.ones(6), jax.random.key(seed)))
    return out


# --- must not be flagged ---


@functools.partial(jax.jit, static_argnums=(0, 1))
def _sample_chain(n_sites, n_sweeps, sigma, key):
    for k in jax.random.split(key, n_sweeps):
        sigma = _sweep(sigma, k, n_sites)
    return sigma


class MetropolisLocalModule:
    def __init__(self, n_sites, n_sweeps=4):
        self.n_sites, self.n_sweeps = n_sites, n_sweeps

    def sample(self, sigma, key):
        return _sample_chain(self.n_sites, self.n_sweeps, sigma, key)


def seed_sweep_module(n):
    out = []
    for seed in range(n):
        sampler = MetropolisLocalModule(n_sites=6)
        out.append(sampler.sample(jnp.ones(6), jax.random.key(seed)))
    return out


GROWS = [seed_sweep]
BOUNDED = [seed_sweep_module]
