# Variant of: tests/reports/concrete_jax-bool-of-scan-carry.py
# Class: 4 (Python on traced values: bool() of a scan carry)
# Rule: JG104
# Axis: (d) the scan body is `functools.partial(body, ...)` with a keyword bound.
import functools

import jax

# --- must be flagged ---


def body(c, _, offset):
    return bool(c + offset), None  # expect: JG104


def bug():
    return jax.lax.scan(functools.partial(body, offset=1.0), 3.0, None, length=1)


# --- must not be flagged ---


def body_array(c, _, offset):
    return c + offset, None


def fixed():
    return jax.lax.scan(functools.partial(body_array, offset=1.0), 3.0, None, length=1)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
