# Report: data-apis/array-api#690 https://github.com/data-apis/array-api/pull/690
# Class: 4 (NumPy and Python on traced values, deeper: a repeat count read from the data)
# Rule: JG105
# Reduced: "Add `repeat` to the specification": rgommers tries JAX while discussing whether
# `repeat` has a data-dependent output shape. `jnp.repeat(x, 2)` jits fine, but
# `def func(x): return jnp.repeat(x, x[2])` under `jax.jit` raises ConcretizationTypeError:
# the repeat count comes from the array, so the output length is value-dependent. Fix (the
# documented way): give `total_repeat_length` statically.
import jax
import jax.numpy as jnp

x = jnp.arange(3)


# --- must be flagged ---


def func(x):
    return jnp.repeat(x, x[2])  # expect: JG105


def bug():
    return jax.jit(func)(x)


# --- must not be flagged ---


def func_total(x):
    return jnp.repeat(x, x[2], total_repeat_length=x.size * 2)


def func_literal(x):
    return jnp.repeat(x, 2)


def fixed():
    return jax.jit(func_total)(x), jax.jit(func_literal)(x)


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
