# Report: kokabsc/gwkokab#683 https://github.com/kokabsc/gwkokab/pull/683
# Class: 6 (churn: jax.jit applied to a new function object in each loop iteration)
# Rule: JG301
# Reduced: the PR changes `variance = jax.vmap(compute_variance)(batched_samples[i])` to
# `variance = jax.jit(jax.vmap(compute_variance))(batched_samples[i])` inside the loop over
# batches; the review: "Calling `jax.jit` inside a loop is an anti-pattern ... repeated
# recompilation. The function should be JIT-compiled once outside the loop." (`jax.vmap` makes a
# new function each iteration, so the jit cache never hits.) The estimator is a toy variance.
import jax
import jax.numpy as jnp
import numpy as np


def compute_variance(sample):
    return jnp.var(jnp.exp(sample))


def batches(n):
    return np.random.default_rng(0).normal(size=(n, 16, 3)).astype(np.float32)


# --- must be flagged ---


def variance_pass(n):
    batched_samples = batches(n)
    out = []
    for i in range(n):
        variance = jax.jit(jax.vmap(compute_variance))(batched_samples[i])  # expect: JG301
        out.append(variance)
    return out


# --- must not be flagged ---


def variance_pass_hoisted(n):
    batched_samples = batches(n)
    compute_variance_jit = jax.jit(jax.vmap(compute_variance))
    out = []
    for i in range(n):
        out.append(compute_variance_jit(batched_samples[i]))
    return out


GROWS = [variance_pass]
BOUNDED = [variance_pass_hoisted]
