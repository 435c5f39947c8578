# Variant of: tests/reports/control_ott-sinkhorn-output-converged.py
# Class: 1 (values inside containers: fields of a dataclass returned by a helper)
# Rule: JG101
# Axis: (b) a `@dataclass` output built by keyword instead of a NamedTuple built by position.
import dataclasses

import jax
import jax.numpy as jnp


@dataclasses.dataclass
class Output:
    cost: jax.Array
    converged: jax.Array
    iterations: int = 0


def solve(cost, iterations=5, threshold=1e-3):
    f = jnp.zeros(cost.shape[0])
    err = jnp.inf
    for _ in range(iterations):
        new_f = -jax.nn.logsumexp(-cost - f[None, :], axis=1)
        err = jnp.abs(new_f - f).max()
        f = new_f
    return Output(cost=f.mean(), converged=err < threshold, iterations=iterations)


# --- must be flagged ---


@jax.jit
def reg_cost(x, y):
    out = solve(jnp.sum((x[:, None] - y[None, :]) ** 2, axis=-1))
    if out.iterations > 1 and out.converged:  # expect: JG101
        return out.cost
    return jnp.nan


def bug():
    return reg_cost(jnp.ones((3, 2)), jnp.zeros((3, 2)))


# --- must not be flagged ---


@jax.jit
def reg_cost_where(x, y):
    out = solve(jnp.sum((x[:, None] - y[None, :]) ** 2, axis=-1))
    if out.iterations > 1:  # a Python int field: concrete
        return jnp.where(out.converged, out.cost, jnp.nan)
    return out.cost


def fixed():
    return reg_cost_where(jnp.ones((3, 2)), jnp.zeros((3, 2)))


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
