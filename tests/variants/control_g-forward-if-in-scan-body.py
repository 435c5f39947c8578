# Variant of: tests/reports/control_numpyro-if-on-sample-in-forward.py
# Class: 4 (Python control flow in a user helper called on traced values)
# Rule: JG101
# Axis: (g) the helper runs in a `lax.scan` body (called from a lambda) instead of under jit.
import jax
import jax.numpy as jnp
from jax import lax


def forward(x, a, b):
    y = b + a * x
    if a < 5:  # expect: JG101
        y = y + 1.0
    return y


# --- must be flagged ---


def bug():
    return lax.scan(lambda c, a: (c + forward(1.0, a, c), None), 0.0, jnp.arange(3.0))[0]


# --- must not be flagged ---


def forward_where(x, a, b):
    y = b + a * x
    return jnp.where(a < 5, y + 1.0, y)


def fixed():
    return lax.scan(lambda c, a: (c + forward_where(1.0, a, c), None), 0.0, jnp.arange(3.0))[0]


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
