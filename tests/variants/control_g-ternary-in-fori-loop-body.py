# Variant of: tests/reports/control_qiita-ternary-offered-as-cond-replacement.py
# Class: 3 (everything created inside a trace is traced: the loop carry)
# Rule: JG101
# Axis: (g) the conditional expression is in a `lax.fori_loop` body, called eagerly.
import jax
import jax.numpy as jnp

# --- must be flagged ---


def body(i, x):
    return x * 2 if x > 0 else x  # expect: JG101


def bug():
    return jax.lax.fori_loop(0, 3, body, jnp.array(1.5))


# --- must not be flagged ---


def body_cond(i, x):
    return jax.lax.cond(x > 0, lambda v: v * 2, lambda v: v, x)


def fixed():
    return jax.lax.fori_loop(0, 3, body_cond, jnp.array(1.5))


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
