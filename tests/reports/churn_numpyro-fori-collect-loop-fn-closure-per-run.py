# Report: pyro-ppl/numpyro#2171 https://github.com/pyro-ppl/numpyro/pull/2171
# Class: 6 (churn: `jit` applied to a closure created anew on every call of the collecting function)
# Rule: JG301
# Reduced: "fix repeated recompilation in no-progress-bar fori_collect path": `fori_collect(...,
# progbar=False)` defines `loop_fn` (a closure over `init_val`, wrapping `fori_loop`) and jits it
# on every call; "recreating the closure defeats cache reuse and triggers full XLA recompilation
# on every `MCMC.run()`". Here `fori_collect` keeps that shape (body function, collection buffer,
# `fori_loop`), and `run` calls it once per MCMC run. Fix (the PR's): build the jitted wrapper
# once per body function (cached) and pass `init_val` as an argument.
import functools

import jax
import jax.numpy as jnp
from jax import lax


def sample_kernel(state):
    return state * 0.9 + 0.1


# --- must be flagged ---


def fori_collect(lower, upper, body_fun, init_val):
    def _body_fn(i, vals):
        val, collection = vals
        val = body_fun(val)
        collection = collection.at[i].set(val)
        return val, collection

    collection = jnp.zeros((upper,) + jnp.shape(init_val))

    def loop_fn(collection):
        return lax.fori_loop(lower, upper, _body_fn, (init_val, collection))

    loop_fn = jax.jit(loop_fn, donate_argnums=0)  # expect: JG301
    _, collection = loop_fn(collection)
    return collection


def run(n):
    samples = None
    for _ in range(n):
        samples = fori_collect(0, 10, sample_kernel, jnp.ones(3))
    return samples


# --- must not be flagged ---


@functools.lru_cache(maxsize=None)
def _cached_loop_fn(lower, upper, body_fun):
    def _body_fn(i, vals):
        val, collection = vals
        val = body_fun(val)
        collection = collection.at[i].set(val)
        return val, collection

    def loop_fn(collection, init_val):
        return lax.fori_loop(lower, upper, _body_fn, (init_val, collection))

    return jax.jit(loop_fn, donate_argnums=0)


def fori_collect_cached(lower, upper, body_fun, init_val):
    collection = jnp.zeros((upper,) + jnp.shape(init_val))
    _, collection = _cached_loop_fn(lower, upper, body_fun)(collection, init_val)
    return collection


def run_cached(n):
    samples = None
    for _ in range(n):
        samples = fori_collect_cached(0, 10, sample_kernel, jnp.ones(3))
    return samples


GROWS = [run]
BOUNDED = [run_cached]
