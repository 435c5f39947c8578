# Variant of: tests/reports/control_jax-not-allclose-in-while-cond.py
# Class: 4 (`not` on a traced value in a while_loop condition)
# Rule: JG103
# Axis: (d) the condition is a closure made by a factory, capturing the target.
import jax
import jax.numpy as jnp


def make_cond(target):
    def cond(x):
        return not jnp.allclose(x, target)  # expect: JG103

    return cond


# --- must be flagged ---


def bug():
    return jax.lax.while_loop(make_cond(10.0), lambda x: x + 1.0, 0.0)


# --- must not be flagged ---


def make_cond_array(target):
    def cond(x):
        return ~jnp.allclose(x, target)

    return cond


def fixed():
    return jax.lax.while_loop(make_cond_array(10.0), lambda x: x + 1.0, 0.0)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
