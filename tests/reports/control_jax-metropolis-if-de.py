# Report: jax-ml/jax#575 https://github.com/jax-ml/jax/issues/575
# Class: 1 (Python control flow on a traced value: `if` on an energy difference)
# Rule: JG101
# Reduced: the Metropolis-Hastings `sample`, jitted, flips one spin per step and tests
# `if dE < 0:` where `dE` comes from the traced `factors`. The energy is a sum over many
# jitted marginals and `index_update` (gone from JAX); here one energy function and `.at[].set`.
# The second test (`if rand < np.exp(-dE)`) fails the same way and is not repeated.
# Fix (the maintainers' advice): select with `jnp.where` (or `lax.cond`).
# `n_samps` bounds a Python loop: it is static in both (without static_argnames, a caller passing
# it, `sample_fixed(f, n_samps=2)`, raises TracerIntegerConversionError under JAX 0.10.2).
from functools import partial

import jax
import jax.numpy as jnp
from jax import jit, random

# --- must be flagged ---


def calc_e(factors, word):
    return jnp.sum(factors * word)


@partial(jit, static_argnames="n_samps")
def sample(factors, seed=0, n_samps=3):
    key = random.PRNGKey(seed)
    state = random.randint(key, minval=0, maxval=2, shape=(factors.shape[0],))
    for _ in range(n_samps):
        for i in range(factors.shape[0]):
            state_flipped = state.at[i].set(1 - state[i])
            dE = calc_e(factors, state_flipped) - calc_e(factors, state)
            if dE < 0:  # expect: JG101
                state = state_flipped
    return state


def bug():
    return sample(jnp.arange(4.0) - 2.0)


# --- must not be flagged ---


@partial(jit, static_argnames="n_samps")
def sample_fixed(factors, seed=0, n_samps=3):
    key = random.PRNGKey(seed)
    state = random.randint(key, minval=0, maxval=2, shape=(factors.shape[0],))
    for _ in range(n_samps):
        for i in range(factors.shape[0]):
            state_flipped = state.at[i].set(1 - state[i])
            dE = calc_e(factors, state_flipped) - calc_e(factors, state)
            state = jnp.where(dE < 0, state_flipped, state)
    return state


def fixed():
    return sample_fixed(jnp.arange(4.0) - 2.0)


def fixed_more_steps():
    return sample_fixed(jnp.arange(4.0) - 2.0, n_samps=5)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed, fixed_more_steps]
