# Report: google/flax#1218 https://github.com/google/flax/issues/1218
# Class: 6 (churn: `jax.jit` applied inside the training loop, once per iteration)
# Rule: JG301
# Reduced: "Incredibly slow transformer code": the maintainer's first guess is "the placement of
# `jax.jit`. Note how you end up calling jit each iteration" (the user's train.py jits the gradient
# function inside the loop over batches), and "the jit does not capture the full train step".
# `jax.grad(loss_fn)` is a new function object on every iteration, so each `jax.jit` of it misses
# the cache and compiles again. Fix (the maintainer's): one `@jax.jit def train_step(...)` built
# once, called in the loop ("This should print only once in the entire train script").
import jax
import jax.numpy as jnp


def loss_fn(params, batch):
    return jnp.mean((batch @ params) ** 2)


# --- must be flagged ---


def train(n):
    params = jnp.ones((3, 2))
    for step in range(n):
        batch = jnp.full((4, 3), float(step))
        grads = jax.jit(jax.grad(loss_fn))(params, batch)  # expect: JG301
        params = params - 0.01 * grads
    return params


# --- must not be flagged ---


@jax.jit
def train_step(params, batch):
    grads = jax.grad(loss_fn)(params, batch)
    return params - 0.01 * grads


def train_jitted_step(n):
    params = jnp.ones((3, 2))
    for step in range(n):
        batch = jnp.full((4, 3), float(step))
        params = train_step(params, batch)
    return params


GROWS = [train]
BOUNDED = [train_jitted_step]
