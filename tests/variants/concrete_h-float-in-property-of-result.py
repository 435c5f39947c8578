# Variant of: tests/reports/concrete_openfermion-float-return.py
# Class: 1 (values inside objects: a result object built in jit converts its field)
# Rule: JG104
# Axis: (h) the conversion is in a `@property` of a result object built inside the jitted function.
import jax
import jax.numpy as jnp


class Result:
    def __init__(self, res):
        self.res = res

    @property
    def loss(self):
        return float(0.5 * self.res**2)  # expect: JG104


# --- must be flagged ---


@jax.jit
def objective(chi, zeta, eri):
    return Result(jnp.einsum("ij,jk,ki->", chi, zeta, eri) - 1.0).loss


def bug():
    return objective(jnp.eye(3), jnp.eye(3), jnp.eye(3))


# --- must not be flagged ---


@jax.jit
def residual(chi, zeta, eri):
    return jnp.einsum("ij,jk,ki->", chi, zeta, eri) - 1.0


def fixed():
    return Result(residual(jnp.eye(3), jnp.eye(3), jnp.eye(3))).loss


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
