# Report: blackjax-devs/blackjax#486 https://github.com/blackjax-devs/blackjax/issues/486
# Class: 6 (churn: a jitted step function defined inside a helper that an outer Python loop calls again and again)
# Rule: JG301
# Reduced: "Potential memory leak when running inference loop in another loop": the
# introduction's `inference_loop(rng_key, kernel, initial_state, num_samples)` defines
# `@jax.jit def one_step(state, rng_key)` and scans it; the user calls it with `num_samples=1`
# inside `for _ in range(1000)` (the log density is updated between calls) and memory grows with
# every outer iteration: each call creates a new `one_step` function, so jit traces and
# compiles it anew. The NUTS kernel is replaced by a random-walk step. Fix: build the jitted step
# once, outside the outer loop, and reuse it. The marked line is the eager `lax.scan` of the new
# `one_step`, where the compile happens (jit of `one_step` alone compiles nothing: scan traces it);
# the miner marked the decorator, and the blind measure counted this file as missed.
import jax
import jax.numpy as jnp


def logdensity(x):
    return -0.5 * jnp.sum(x**2)


def kernel(rng_key, state):
    proposal = state + 0.1 * jax.random.normal(rng_key, state.shape)
    accept = jnp.log(jax.random.uniform(rng_key)) < logdensity(proposal) - logdensity(state)
    return jnp.where(accept, proposal, state), accept


# --- must be flagged ---


def inference_loop(rng_key, kernel, initial_state, num_samples):
    @jax.jit
    def one_step(state, rng_key):
        state, _ = kernel(rng_key, state)
        return state, state

    keys = jax.random.split(rng_key, num_samples)
    _, states = jax.lax.scan(one_step, initial_state, keys)  # expect: JG301
    return states


def sample_outer(n):
    state = jnp.zeros(2)
    rng_key = jax.random.PRNGKey(0)
    samples = []
    for _ in range(n):
        rng_key, sample_key = jax.random.split(rng_key)
        states = inference_loop(sample_key, kernel, state, num_samples=1)
        state = states[-1]
        samples.append(state)
    return samples


# --- must not be flagged ---


def make_inference_loop(kernel, num_samples):
    def one_step(state, rng_key):
        state, _ = kernel(rng_key, state)
        return state, state

    @jax.jit
    def run(rng_key, initial_state):
        keys = jax.random.split(rng_key, num_samples)
        _, states = jax.lax.scan(one_step, initial_state, keys)
        return states

    return run


def sample_outer_once_built(n):
    run = make_inference_loop(kernel, num_samples=1)
    state = jnp.zeros(2)
    rng_key = jax.random.PRNGKey(0)
    samples = []
    for _ in range(n):
        rng_key, sample_key = jax.random.split(rng_key)
        states = run(sample_key, state)
        state = states[-1]
        samples.append(state)
    return samples


GROWS = [sample_outer]
BOUNDED = [sample_outer_once_built]
