# Report: GalacticDynamics/coordinax#963 https://github.com/GalacticDynamics/coordinax/issues/963
# Class: 4 (Python on traced values, deeper: `approx and jnp.allclose(...)` in a simplify rule)
# Rule: JG101
# Reduced: "`simplify`'s value checks raise under trace": every simplify rule has the shape
# `if approx and jnp.allclose(op.R, jnp.eye(...)):` (rotate.py:384, reflect, shear, scale, ...).
# `approx` is a Python bool, so `approx and <array>` evaluates to the array, and the `if` takes the
# truth value of a traced comparison: `jax.jit(lambda R: simplify(Rotate(R)).R)(jnp.eye(3))` raises.
# Here `Rotate`/`Identity` are plain classes and `simplify` is a plain function (the library
# dispatches with plum). Fix (coordinax#978): a traced operand means "do not simplify": the rule
# checks `isinstance(op.R, jax.core.Tracer)` first and returns the operator unsimplified.
import jax
import jax.numpy as jnp


class Rotate:
    def __init__(self, R):
        self.R = R


class Identity:
    R = jnp.eye(3)


# --- must be flagged ---


def simplify(op, approx=True):
    if approx and jnp.allclose(op.R, jnp.eye(op.R.shape[0])):  # expect: JG101
        return Identity()
    return op


def bug():
    return jax.jit(lambda R: simplify(Rotate(R)).R)(jnp.eye(3))


# --- must not be flagged ---


def is_traced(x):
    return isinstance(x, jax.core.Tracer)


def simplify_ok(op, approx=True):
    if is_traced(op.R):
        return op
    if approx and jnp.allclose(op.R, jnp.eye(op.R.shape[0])):
        return Identity()
    return op


def fixed():
    return jax.jit(lambda R: simplify_ok(Rotate(R)).R)(jnp.eye(3))


def fixed_eager():
    return simplify_ok(Rotate(jnp.eye(3))).R


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed, fixed_eager]
