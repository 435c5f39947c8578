# Variant of: tests/reports/control_s2fft-assert-el-range-traced.py
# Class: 4 (a chained comparison in an argument check, on a traced argument)
# Rule: JG103
# Axis: (g) the function is vmapped over `el` instead of jitted.
import jax
import jax.numpy as jnp


def check_args(dl, el, L):
    assert dl.shape == (2 * L - 1, 2 * L - 1)
    assert 0 < el < L  # expect: JG103


def compute(dl, el, L):
    check_args(dl, el, L)
    return dl * jnp.sqrt(2.0 * el + 1.0)


# --- must be flagged ---


def bug():
    L = 4
    return jax.vmap(compute, in_axes=(None, 0, None))(jnp.ones((7, 7)), jnp.arange(1, 3), L)


# --- must not be flagged ---


def compute_checked_shape(dl, el, L):
    assert dl.shape == (2 * L - 1, 2 * L - 1)
    return dl * jnp.sqrt(2.0 * el + 1.0)


def fixed():
    L = 4
    return jax.vmap(compute_checked_shape, in_axes=(None, 0, None))(jnp.ones((7, 7)), jnp.arange(1, 3), L)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
