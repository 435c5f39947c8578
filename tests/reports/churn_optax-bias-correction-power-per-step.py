# Report: google-deepmind/optax#328 https://github.com/google-deepmind/optax/issues/328
# Class: 6 (churn from data: a step count that changes every step reaches a compile-time exponent)
# Rule: JG302; no rule names it exactly: the loop-varying value is a static parameter inside JAX (`integer_pow`'s exponent), not a declared static argument
# Reduced: "`_bias_correction` forces recompilation of `integer_pow`": optax's Adam computes
# `bias_correction = 1 - decay ** count`; when the update is not jitted, `count` is a concrete
# integer array and JAX lowers `decay ** count` to `integer_pow` with the count as a static
# exponent, so every step compiles a new `integer_pow` (72 s against 3.5 s for 1000 steps in the
# thread). Checked here: JAX 0.10.2 still compiles once per count value. optax is not installed:
# Adam is reduced to its moment updates and bias correction, in optax's shape (an
# `update_fn(updates, state)` closure, a `_bias_correction(moment, decay, count)` helper). Fix (what
# the reporter measured): jit the update, so `count` is traced and `**` is one `pow`.
from typing import NamedTuple

import jax
import jax.numpy as jnp


class ScaleByAdamState(NamedTuple):
    count: jax.Array
    mu: jax.Array
    nu: jax.Array


def scale_by_adam(b1=0.9, b2=0.999, eps=1e-8):
    def init_fn(params):
        return ScaleByAdamState(jnp.zeros([], jnp.int32), jnp.zeros_like(params), jnp.zeros_like(params))

    def update_fn(updates, state):
        mu = b1 * state.mu + (1 - b1) * updates
        nu = b2 * state.nu + (1 - b2) * updates**2
        count = state.count + 1
        mu_hat = _bias_correction(mu, b1, count)
        nu_hat = _bias_correction(nu, b2, count)
        return mu_hat / (jnp.sqrt(nu_hat) + eps), ScaleByAdamState(count, mu, nu)

    return init_fn, update_fn


# --- must be flagged ---


def _bias_correction(moment, decay, count):
    bias_correction = 1 - decay**count  # expect: JG302
    return moment / bias_correction


def train(n):
    init_fn, update_fn = scale_by_adam()
    params = jnp.ones(3)
    state = init_fn(params)
    for _ in range(n):
        updates, state = update_fn(params, state)
        params = params - 0.01 * updates
    return params


# --- must not be flagged ---


def train_jitted_update(n):
    init_fn, update_fn = scale_by_adam()
    update = jax.jit(update_fn)
    params = jnp.ones(3)
    state = init_fn(params)
    for _ in range(n):
        updates, state = update(params, state)
        params = params - 0.01 * updates
    return params


GROWS = [train]
BOUNDED = [train_jitted_update]
