# Report: astro-informatics/s2fft#363 https://github.com/astro-informatics/s2fft/pull/363
# Class: 2 (an argument tested in an assertion that JAX traces)
# Rule: JG103
# Reduced: the Trapani recursion's argument check had been commented out, the PR suspects
# because `assert 0 < el < L` fails under tracing when `el` is an abstract tracer; the PR
# restores only the checks on `L` and on the shape of `dl`, which are static at trace time. The
# recursion body is reduced to one scaled copy. Fix (the PR's): check only static values.
import jax
import jax.numpy as jnp


def check_trapani_args(dl, el, L):
    assert dl.shape == (2 * L - 1, 2 * L - 1)
    assert 0 < el < L  # expect: JG103


def compute_eighth(dl, el, L):
    check_trapani_args(dl, el, L)
    return dl * jnp.sqrt(2.0 * el + 1.0)


# --- must be flagged ---


def bug():
    L = 4
    return jax.jit(compute_eighth, static_argnums=2)(jnp.ones((2 * L - 1, 2 * L - 1)), 2, L)


# --- must not be flagged ---


def check_trapani_args_static(dl, L):
    assert L > 0
    assert dl.shape == (2 * L - 1, 2 * L - 1)


def compute_eighth_fixed(dl, el, L):
    check_trapani_args_static(dl, L)
    return dl * jnp.sqrt(2.0 * el + 1.0)


def fixed():
    L = 4
    return jax.jit(compute_eighth_fixed, static_argnums=2)(jnp.ones((2 * L - 1, 2 * L - 1)), 2, L)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
