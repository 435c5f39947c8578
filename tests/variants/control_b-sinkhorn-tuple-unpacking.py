# Variant of: tests/reports/control_ott-sinkhorn-output-converged.py
# Class: 1 (values inside containers: a tuple a helper returns, unpacked)
# Rule: JG101
# Axis: (b) the helper returns a plain tuple and the caller unpacks it (`cost, converged = solve(...)`).
import jax
import jax.numpy as jnp


def solve(cost, iterations=5, threshold=1e-3):
    f = jnp.zeros(cost.shape[0])
    err = jnp.inf
    for _ in range(iterations):
        new_f = -jax.nn.logsumexp(-cost - f[None, :], axis=1)
        err = jnp.abs(new_f - f).max()
        f = new_f
    return f.mean(), err < threshold


# --- must be flagged ---


@jax.jit
def reg_cost(x, y):
    cost, converged = solve(jnp.sum((x[:, None] - y[None, :]) ** 2, axis=-1))
    if converged:  # expect: JG101
        return cost
    return jnp.nan


def bug():
    return reg_cost(jnp.ones((3, 2)), jnp.zeros((3, 2)))


# --- must not be flagged ---


@jax.jit
def reg_cost_where(x, y):
    cost, converged = solve(jnp.sum((x[:, None] - y[None, :]) ** 2, axis=-1))
    return jnp.where(converged, cost, jnp.nan)


def fixed():
    return reg_cost_where(jnp.ones((3, 2)), jnp.zeros((3, 2)))


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
