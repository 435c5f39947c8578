# Variant of: tests/reports/concrete_jax-bool-of-scan-carry.py
# Class: 4 (Python on traced values: bool() of a loop carry)
# Rule: JG104
# Axis: (g) the carry is a `lax.while_loop` tuple carry, converted in the body.
import jax
import jax.numpy as jnp

# --- must be flagged ---


def body(carry):
    i, flag = carry
    return i + 1, bool(flag)  # expect: JG104


def bug():
    return jax.lax.while_loop(lambda c: c[0] < 3, body, (0, True))


# --- must not be flagged ---


def body_array(carry):
    i, flag = carry
    return i + 1, jnp.asarray(flag, dtype=bool)


def fixed():
    return jax.lax.while_loop(lambda c: c[0] < 3, body_array, (0, jnp.asarray(True)))


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
