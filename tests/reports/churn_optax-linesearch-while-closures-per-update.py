# Report: google-deepmind/optax#1171 https://github.com/google-deepmind/optax/issues/1171
# Class: 6 (churn: lax.while_loop on closures defined anew in an update called outside jit)
# Rule: JG301
# Reduced: with the backtracking linesearch "the 'while' being recompiled makes sense to me, since
# the `cond_fn` and `body_fn` are defined locally in `update_fn` ... python recreates those
# functions each time 'update' is called". The user's loop calls the update outside jit. The
# linesearch is reduced to halving a step until the value decreases. Fix: jit the whole step
# once, so the closures are traced once.
import jax
import jax.numpy as jnp


def value_fn(params):
    return jnp.sum((params - 3.0) ** 2)


def update_fn(grads, params):
    value = value_fn(params)

    def cond_fn(carry):
        step, it = carry
        return (value_fn(params - step * grads) > value) & (it < 10)

    def body_fn(carry):
        step, it = carry
        return step * 0.5, it + 1

    step, _ = jax.lax.while_loop(cond_fn, body_fn, (1.0, 0))  # expect: JG301
    return -step * grads


# --- must be flagged ---


def optimize(n):
    params = jnp.zeros(3)
    for _ in range(n):
        grads = jax.grad(value_fn)(params)
        params = params + update_fn(grads, params)
    return params


# --- must not be flagged ---


@jax.jit
def train_step(params):
    return params + update_fn(jax.grad(value_fn)(params), params)


def optimize_jitted(n):
    params = jnp.zeros(3)
    for _ in range(n):
        params = train_step(params)
    return params


GROWS = [optimize]
BOUNDED = [optimize_jitted]
