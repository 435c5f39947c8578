# Report: scipy/scipy#22781 https://github.com/scipy/scipy/issues/22781
# Class: 3 (everything created inside jit is traced: a `while` on an array built from constants)
# Rule: JG102
# Reduced: in the RFC thread on data-dependent loops in array-API code, a commenter shows that the
# NumPy idiom `while (arr.any()): ... arr[i] = 0` fails under `jax.jit` even when the array is
# made inside the function: `fn2` (`arr = jp.ones([2], dtype=jp.bool)`, `while arr.any():
# arr = arr.at[i].set(0)`) raises TracerBoolConversionError, while `fn` with
# `jp.where(arr > 0, 0, 1)` runs. Both functions are the comment's, unchanged.
import jax
import jax.numpy as jp

# --- must be flagged ---


@jax.jit
def fn2():
    arr = jp.ones([2], dtype=jp.bool)
    i = 0
    while arr.any():  # expect: JG102
        arr = arr.at[i].set(0)
        i += 1
    return arr


def bug():
    return fn2()


# --- must not be flagged ---


@jax.jit
def fn():
    arr = jp.ones([2], dtype=jp.bool)
    arr = jp.where(arr > 0, 0, 1)
    return arr


def fixed():
    return fn()


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
