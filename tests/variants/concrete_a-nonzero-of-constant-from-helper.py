# Variant of: tests/reports/concrete_jax-nonzero-of-constant.py
# Class: 3 (everything created inside jit is traced)
# Rule: JG105
# Axis: (a) the constant array is made by a helper called inside jit, the nonzero in the caller.
import jax
import jax.numpy as jnp


def levels():
    return jnp.array([0, 1, 2])


# --- must be flagged ---


@jax.jit
def example():
    a = levels()
    return jnp.nonzero(a)  # expect: JG105


def bug():
    return example()


# --- must not be flagged ---


@jax.jit
def example_sized():
    a = levels()
    return jnp.nonzero(a, size=3)


def fixed():
    return example_sized()


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
