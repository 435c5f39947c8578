# Variant of: tests/reports/control_ott-sinkhorn-output-converged.py
# Class: 1 (values inside containers: entries of a dict returned by a helper)
# Rule: JG101
# Axis: (b) the helper returns a dict built entry by entry (`out["converged"] = ...`).
import jax
import jax.numpy as jnp


def solve(cost, iterations=5, threshold=1e-3):
    f = jnp.zeros(cost.shape[0])
    out = {"iterations": iterations}
    for _ in range(iterations):
        new_f = -jax.nn.logsumexp(-cost - f[None, :], axis=1)
        out["error"] = jnp.abs(new_f - f).max()
        f = new_f
    out["cost"] = f.mean()
    out["converged"] = out["error"] < threshold
    return out


# --- must be flagged ---


@jax.jit
def reg_cost(x, y):
    out = solve(jnp.sum((x[:, None] - y[None, :]) ** 2, axis=-1))
    if out["converged"]:  # expect: JG101
        return out["cost"]
    return jnp.nan


def bug():
    return reg_cost(jnp.ones((3, 2)), jnp.zeros((3, 2)))


# --- must not be flagged ---


@jax.jit
def reg_cost_where(x, y):
    out = solve(jnp.sum((x[:, None] - y[None, :]) ** 2, axis=-1))
    if out["iterations"] > 1:
        return jnp.where(out["converged"], out["cost"], jnp.nan)
    return out["cost"]


def fixed():
    return reg_cost_where(jnp.ones((3, 2)), jnp.zeros((3, 2)))


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
