# Variant of: tests/reports/control_jax-or-default-traced.py
# Class: 4 (`or` on a traced value to pick a default)
# Rule: JG103
# Axis: (d) the traced value is captured by a closure defined inside the jitted function.
import jax
import jax.numpy as jnp


# --- must be flagged ---


@jax.jit
def scale(x, nullable_value=None):
    def pick():
        return nullable_value or jnp.ones_like(x)  # expect: JG103

    return x * pick()


def bug():
    return scale(jnp.ones(3), jnp.asarray(2.0))


# --- must not be flagged ---


@jax.jit
def scale_fixed(x, nullable_value=None):
    def pick():
        return jnp.ones_like(x) if nullable_value is None else nullable_value

    return x * pick()


def fixed():
    return scale_fixed(jnp.ones(3), jnp.asarray(2.0))


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
