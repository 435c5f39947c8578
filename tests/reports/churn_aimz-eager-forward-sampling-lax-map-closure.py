# Report: markean/aimz#275 https://github.com/markean/aimz/issues/275
# Class: 6 (churn from data: an eager sampler that hands a fresh closure to a lax primitive)
# Rule: JG301
# Reduced: "Eager forward sampling recompiles and permanently retains a new program on every call":
# every eager call to `_sample_forward` creates a new `_trace_one_sample` closure and passes it to
# `jax.lax.map`, so JAX's compilation cache never hits and each call (batch prediction, prior and
# posterior predictive, ...) retraces and recompiles. Fix (the issue's): use `jax.vmap` when
# `_sample_forward` runs outside a trace. The NumPyro model and its trace handler are reduced to a
# module-level sampling function; `predict` is called once per batch.
import jax
import jax.numpy as jnp


def model(key, X):
    w = jax.random.normal(key, (X.shape[1],))
    return X @ w


# --- must be flagged ---


def _sample_forward(rng_key, X, num_samples=8):
    keys = jax.random.split(rng_key, num_samples)

    def _trace_one_sample(key):
        return model(key, X)

    return jax.lax.map(_trace_one_sample, keys)  # expect: JG301


def predict_batches(n):
    X = jnp.ones((4, 3))
    out = []
    for i in range(n):
        out.append(_sample_forward(jax.random.key(i), X).mean(0))
    return out


# --- must not be flagged ---


def _sample_forward_vmap(rng_key, X, num_samples=8):
    keys = jax.random.split(rng_key, num_samples)

    def _trace_one_sample(key):
        return model(key, X)

    return jax.vmap(_trace_one_sample)(keys)


def predict_batches_vmap(n):
    X = jnp.ones((4, 3))
    out = []
    for i in range(n):
        out.append(_sample_forward_vmap(jax.random.key(i), X).mean(0))
    return out


GROWS = [predict_batches]
BOUNDED = [predict_batches_vmap]
