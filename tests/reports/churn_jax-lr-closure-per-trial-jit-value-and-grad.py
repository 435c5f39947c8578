# Report: jax-ml/jax#38548 https://github.com/jax-ml/jax/issues/38548
# Class: 6 (churn: a new closure per hyperparameter trial)
# Rule: JG301
# Reduced: "Unbounded JIT compilation cache crashes Blackwell GPUs ... after ~20 distinct
# compilations": the reporter's anti-pattern, a sweep where every trial defines
# `loss_fn(params, _lr=lr)` capturing its learning rate and builds
# `jax.jit(jax.value_and_grad(loss_fn))`: a new function object per trial, hence a new trace
# and compile per trial (the crash itself is a driver defect). `compute_loss` is not shown; a
# quadratic stands in, the inner loop has 3 steps, and the update uses `lr` (the snippet's
# `_lr` is undefined at that scope). Fix: make the learning rate an argument of one jitted
# function built outside the sweep.
import jax
import jax.numpy as jnp


def compute_loss(params):
    return jnp.sum(params ** 2)


# --- must be flagged ---


def sweep(n):
    params = jnp.ones(3)
    for trial in range(n):
        lr = 0.001 * (1 + trial * 0.1)  # varies per trial

        def loss_fn(params, _lr=lr):  # new closure each trial
            return compute_loss(params) * _lr

        grad_fn = jax.jit(jax.value_and_grad(loss_fn))  # expect: JG301

        for step in range(3):
            loss, g = grad_fn(params)
            params = params - lr * g
    return params


# --- must not be flagged ---


def loss_fn_lr(params, lr):
    return compute_loss(params) * lr


grad_fn_lr = jax.jit(jax.value_and_grad(loss_fn_lr))


def sweep_argument(n):
    params = jnp.ones(3)
    for trial in range(n):
        lr = 0.001 * (1 + trial * 0.1)
        for step in range(3):
            loss, g = grad_fn_lr(params, lr)
            params = params - lr * g
    return params


GROWS = [sweep]
BOUNDED = [sweep_argument]
