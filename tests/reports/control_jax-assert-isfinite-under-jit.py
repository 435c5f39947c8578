# Report: jax-ml/jax#2273 https://github.com/jax-ml/jax/issues/2273
# Class: 4 (Python `assert` on a traced value)
# Rule: JG103
# Reduced: the three functions, unchanged (`np` is jax.numpy there): `assert
# np.all(np.isfinite(x))` works without jit, `return np.all(np.isfinite(x))` works under jit,
# `assert` under jit fails (then "Abstract value passed to `bool`", now
# TracerBoolConversionError). Fix (the maintainer's explanation): return the check from the jitted
# function and assert on its concrete result outside; the unjitted assert is a second
# look-alike (run on finite data, so the assertion holds).
import jax
import jax.numpy as np

# --- must be flagged ---


@jax.jit
def test_nan_assert_jit(x):
    assert np.all(np.isfinite(x))  # expect: JG103


def bug():
    a = np.array([1.0, np.nan, 3.0])
    return test_nan_assert_jit(a)


# --- must not be flagged ---


@jax.jit
def test_nan_return_jit(x):
    return np.all(np.isfinite(x))


def test_nan_assert_nojit(x):
    assert np.all(np.isfinite(x))


def fixed():
    a = np.array([1.0, 2.0, 3.0])
    assert test_nan_return_jit(a)
    test_nan_assert_nojit(a)
    return test_nan_return_jit(np.array([1.0, np.nan, 3.0]))


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
