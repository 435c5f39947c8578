# Report: quantumlib/OpenFermion#1396 https://github.com/quantumlib/OpenFermion/pull/1396
# Class: 4 (a Python float() of the jitted function's own result)
# Rule: JG104
# Reduced: a jitted objective ends with `return float(...)` to satisfy a type checker; under
# jit the value is traced. Fix (the PR's): `typing.cast`, which changes nothing at run time.
from typing import cast

import jax
import jax.numpy as jnp

# --- must be flagged ---


@jax.jit
def compute_objective_batched(chi, zeta, eri):
    res = jnp.einsum("ij,jk,ki->", chi, zeta, eri) - 1.0
    return float(0.5 * res**2)  # expect: JG104


def bug():
    return compute_objective_batched(jnp.eye(3), jnp.eye(3), jnp.eye(3))


# --- must not be flagged ---


@jax.jit
def compute_objective_cast(chi, zeta, eri):
    res = jnp.einsum("ij,jk,ki->", chi, zeta, eri) - 1.0
    return cast(float, 0.5 * res**2)


def fixed():
    return compute_objective_cast(jnp.eye(3), jnp.eye(3), jnp.eye(3))


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
