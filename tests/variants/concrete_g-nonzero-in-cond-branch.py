# Variant of: tests/reports/concrete_jax-nonzero-of-constant.py
# Class: 3 (everything created inside a staged branch is traced)
# Rule: JG105
# Axis: (g) the nonzero runs in a `lax.cond` branch (staged) instead of a jitted function.
import jax
import jax.numpy as jnp


def branch(x):
    a = jnp.array([0, 1, 2])
    return x + jnp.nonzero(a)[0].sum()  # expect: JG105


# --- must be flagged ---


def bug():
    return jax.lax.cond(True, branch, lambda x: x, 1)


# --- must not be flagged ---


def branch_sized(x):
    a = jnp.array([0, 1, 2])
    return x + jnp.nonzero(a, size=2)[0].sum()


def fixed():
    return jax.lax.cond(True, branch_sized, lambda x: x, 1)


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
