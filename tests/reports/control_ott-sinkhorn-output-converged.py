# Report: ott-jax/ott#3 https://github.com/ott-jax/ott/issues/3
# Class: 1 (values inside containers: fields of a NamedTuple returned by a helper)
# Rule: JG101
# Reduced: the user's function, to be jitted, runs Sinkhorn and checks the solver's output
# before using it: `if out.errors[-1] < 1 and out.converged: return out.reg_ot_cost`. The
# output is a NamedTuple of arrays computed inside jit, so both fields are traced. Fix (the
# maintainer's): `jnp.where(out.converged, out.reg_ot_cost, jnp.nan)`.
from typing import NamedTuple

import jax
import jax.numpy as jnp


class SinkhornOutput(NamedTuple):
    f: jnp.ndarray
    g: jnp.ndarray
    errors: jnp.ndarray
    reg_ot_cost: jnp.ndarray
    converged: jnp.ndarray


def sinkhorn(cost, epsilon=0.1, iterations=20, threshold=1e-3):
    n, m = cost.shape
    f, g = jnp.zeros(n), jnp.zeros(m)
    errors = []
    for _ in range(iterations):
        f = -epsilon * jax.nn.logsumexp((g[None, :] - cost) / epsilon, axis=1) - epsilon * jnp.log(n)
        g = -epsilon * jax.nn.logsumexp((f[:, None] - cost) / epsilon, axis=0) - epsilon * jnp.log(m)
        marginal = jnp.exp((f[:, None] + g[None, :] - cost) / epsilon).sum(1)
        errors.append(jnp.abs(marginal - 1.0 / n).sum())
    errors = jnp.stack(errors)
    return SinkhornOutput(f, g, errors, f.mean() + g.mean(), errors[-1] < threshold)


# --- must be flagged ---


@jax.jit
def reg_ot_cost(x, y):
    out = sinkhorn(jnp.sum((x[:, None] - y[None, :]) ** 2, axis=-1))
    if out.errors[-1] < 1 and out.converged:  # expect: JG101
        return out.reg_ot_cost
    return jnp.nan


def bug():
    return reg_ot_cost(jnp.ones((3, 2)), jnp.zeros((4, 2)))


# --- must not be flagged ---


@jax.jit
def reg_ot_cost_where(x, y):
    out = sinkhorn(jnp.sum((x[:, None] - y[None, :]) ** 2, axis=-1))
    return jnp.where(out.converged, out.reg_ot_cost, jnp.nan)


def fixed():
    return reg_ot_cost_where(jnp.ones((3, 2)), jnp.zeros((4, 2)))


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
