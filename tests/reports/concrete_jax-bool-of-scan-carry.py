# Report: jax-ml/jax#23637 https://github.com/jax-ml/jax/issues/23637
# Class: 4 (a carry of lax.scan is traced: `bool()` of it)
# Rule: JG104
# Reduced: the issue's `def body(c, _): return bool(c), None` with
# `jax.lax.scan(body, 3., None, length=1)`: the carry is traced, so `bool(c)` raises
# TracerBoolConversionError (the issue is about where the error points). Fix: keep the carry an
# array and compute the flag with an array comparison.
import jax
import jax.numpy as jnp

# --- must be flagged ---


def body(c, _):
    return bool(c), None  # expect: JG104


def bug():
    return jax.lax.scan(body, 3.0, None, length=1)


# --- must not be flagged ---


def body_fixed(c, _):
    return (c != 0).astype(jnp.float32), None


def fixed():
    return jax.lax.scan(body_fixed, 3.0, None, length=1)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
