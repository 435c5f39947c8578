# Variant of: tests/reports/control_jax-not-allclose-in-while-cond.py
# Class: 4 (`not` on a traced value in a while_loop condition)
# Rule: JG103
# Axis: (h) the condition and body are bound methods of a solver object given to `lax.while_loop`.
import jax
import jax.numpy as jnp


class FixedPoint:
    def __init__(self, target):
        self.target = target

    def cond(self, x):
        return not jnp.allclose(x, self.target)  # expect: JG103

    def body(self, x):
        return x + 1.0

    def solve(self, x0):
        return jax.lax.while_loop(self.cond, self.body, x0)


# --- must be flagged ---


def bug():
    return FixedPoint(10.0).solve(0.0)


# --- must not be flagged ---


class FixedPointArray(FixedPoint):
    def cond(self, x):
        return jnp.logical_not(jnp.allclose(x, self.target))


def fixed():
    return FixedPointArray(10.0).solve(0.0)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
