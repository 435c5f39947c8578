# Variant of: tests/reports/concrete_openfermion-float-return.py
# Class: 4 (Python on traced values, deeper: float() in a helper)
# Rule: JG104
# Axis: (a) the traced residual is a helper's return value, converted in another helper.
import jax
import jax.numpy as jnp


def residual(chi, zeta, eri):
    return jnp.einsum("ij,jk,ki->", chi, zeta, eri) - 1.0


def as_loss(res):
    return float(0.5 * res**2)  # expect: JG104


# --- must be flagged ---


@jax.jit
def objective(chi, zeta, eri):
    return as_loss(residual(chi, zeta, eri))


def bug():
    return objective(jnp.eye(3), jnp.eye(3), jnp.eye(3))


# --- must not be flagged ---


@jax.jit
def objective_array(chi, zeta, eri):
    return 0.5 * residual(chi, zeta, eri) ** 2


def fixed():
    return float(objective_array(jnp.eye(3), jnp.eye(3), jnp.eye(3)))


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
