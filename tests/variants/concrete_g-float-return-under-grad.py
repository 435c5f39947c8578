# Variant of: tests/reports/concrete_openfermion-float-return.py
# Class: 4 (Python on traced values: float() under jax.grad)
# Rule: JG104
# Axis: (g) the objective is differentiated with `jax.value_and_grad` (no jit): float() still fails.
import jax
import jax.numpy as jnp

# --- must be flagged ---


def objective(chi, zeta, eri):
    res = jnp.einsum("ij,jk,ki->", chi, zeta, eri) - 1.0
    return float(0.5 * res**2)  # expect: JG104


def bug():
    return jax.value_and_grad(objective)(2.0 * jnp.eye(3), jnp.eye(3), jnp.eye(3))


# --- must not be flagged ---


def objective_array(chi, zeta, eri):
    res = jnp.einsum("ij,jk,ki->", chi, zeta, eri) - 1.0
    return 0.5 * res**2


def fixed():
    return jax.value_and_grad(objective_array)(2.0 * jnp.eye(3), jnp.eye(3), jnp.eye(3))


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
