# Report: ott-jax/ott#384 https://github.com/ott-jax/ott/pull/384
# Class: 2 (traced value reaches Python control flow through a library object: an output's property)
# Rule: JG103
# Reduced: "Fixes #375, more accurate way to compute ``converged`` flag of Sinkhorn solution": the
# PR rewrote `SinkhornOutput.converged` as `jnp.logical_and(not jnp.any(jnp.isnan(self.errors)),
# self.errors[-1] < self.threshold)`. Review: "I think you need to use `jnp.logical_not`". Python's
# `not` needs the truth value of `jnp.any(...)`; when the output is produced and queried inside a
# jitted function (ott's documented pattern, `jnp.where(out.converged, out.reg_ot_cost, jnp.nan)`),
# `errors` is traced. The merged version (#386) uses `jnp.logical_not`; that is the look-alike.
from typing import NamedTuple

import jax
import jax.numpy as jnp


def run_sinkhorn(cost, a, b, epsilon=0.1, n_iter=20):
    f = jnp.zeros_like(a)
    g = jnp.zeros_like(b)
    errors = []
    for _ in range(n_iter):
        f = epsilon * (jnp.log(a) - jax.nn.logsumexp((g[None, :] - cost) / epsilon, axis=1))
        g = epsilon * (jnp.log(b) - jax.nn.logsumexp((f[:, None] - cost) / epsilon, axis=0))
        plan = jnp.exp((f[:, None] + g[None, :] - cost) / epsilon)
        errors.append(jnp.sum(jnp.abs(plan.sum(axis=1) - a)))
    return f, g, jnp.stack(errors)


# --- must be flagged ---


class SinkhornOutput(NamedTuple):
    errors: jax.Array
    reg_ot_cost: jax.Array
    threshold: float

    @property
    def converged(self):
        return jnp.logical_and(not jnp.any(jnp.isnan(self.errors)), self.errors[-1] < self.threshold)  # expect: JG103


def sinkhorn(cost, a, b, threshold=1e-3):
    f, g, errors = run_sinkhorn(cost, a, b)
    return SinkhornOutput(errors, jnp.sum(f * a) + jnp.sum(g * b), threshold)


@jax.jit
def cost_or_nan(x, y):
    cost = jnp.sum((x[:, None, :] - y[None, :, :]) ** 2, axis=-1)
    a = jnp.ones(x.shape[0]) / x.shape[0]
    b = jnp.ones(y.shape[0]) / y.shape[0]
    out = sinkhorn(cost, a, b)
    return jnp.where(out.converged, out.reg_ot_cost, jnp.nan)


X = jax.random.uniform(jax.random.PRNGKey(0), (6, 2))
Y = jax.random.uniform(jax.random.PRNGKey(1), (5, 2))


def crashes():
    return cost_or_nan(X, Y)


# --- must not be flagged ---


class SinkhornOutputFixed(NamedTuple):
    errors: jax.Array
    reg_ot_cost: jax.Array
    threshold: float

    @property
    def converged(self):
        return jnp.logical_and(jnp.logical_not(jnp.any(jnp.isnan(self.errors))), self.errors[-1] < self.threshold)


@jax.jit
def cost_or_nan_fixed(x, y):
    cost = jnp.sum((x[:, None, :] - y[None, :, :]) ** 2, axis=-1)
    a = jnp.ones(x.shape[0]) / x.shape[0]
    b = jnp.ones(y.shape[0]) / y.shape[0]
    f, g, errors = run_sinkhorn(cost, a, b)
    out = SinkhornOutputFixed(errors, jnp.sum(f * a) + jnp.sum(g * b), 1e-3)
    return jnp.where(out.converged, out.reg_ot_cost, jnp.nan)


def works():
    return cost_or_nan_fixed(X, Y)


RAISES = [(crashes, "TracerBoolConversionError")]
RUNS = [works]
