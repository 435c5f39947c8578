# Report: bsc-quantic/tn4ml#9 https://github.com/bsc-quantic/tn4ml/pull/9
# Class: 6 (churn: a loss closure defined and jitted anew in every training step)
# Rule: JG301
# Reduced: "Ahead-of-time compile `foo` function for loss and grad calculation": "Much of the time
# during training is spent on JIT compilation, but the `foo` function (which is the target of the
# JIT) remains the same. This PR makes the training to just compile it once and reuse the compiled
# function" ("around x100 times faster"). Here the tensor network is a parameter vector, the batch
# is closed over by the per-step `foo`, and the step jits `value_and_grad(foo)`. Fix (the PR's):
# make `foo` take the batch as an argument and compile it once ahead of time with
# `jax.jit(...).lower(...).compile()`, reused by every step.
import jax
import jax.numpy as jnp


def loss(params, batch):
    return jnp.mean((batch @ params) ** 2) + 1e-3 * jnp.sum(params**2)


def batches(n):
    return [jnp.full((4, 3), float(i)) for i in range(n)]


# --- must be flagged ---


def train(n):
    params = jnp.ones(3)
    for batch in batches(n):
        def foo(p):
            return loss(p, batch)

        value, grads = jax.jit(jax.value_and_grad(foo))(params)  # expect: JG301
        params = params - 0.01 * grads
    return params


# --- must not be flagged ---


def train_aot(n):
    params = jnp.ones(3)
    data = batches(n)
    step = jax.jit(jax.value_and_grad(loss)).lower(params, data[0]).compile()
    for batch in data:
        value, grads = step(params, batch)
        params = params - 0.01 * grads
    return params


GROWS = [train]
BOUNDED = [train_aot]
