# Report: jax-ml/jax#2783 https://github.com/jax-ml/jax/issues/2783
# Class: 4 (float() under jax.grad without jit raises; int() does not)
# Rule: JG104
# Reduced: the function, `x if float(x) >= 0. else -x`, differentiated with `grad`
# alone. JAX raises for `float` (it would silently stop the gradient). Fix: compare the array
# (`jnp.where(x >= 0, x, -x)`); `int(x)` would work under grad, which is the look-alike's
# second half.
import jax
import jax.numpy as jnp

# --- must be flagged ---


def func(x):
    return x if float(x) >= 0.0 else -x  # expect: JG104


def bug():
    return jax.grad(func)(3.0)


# --- must not be flagged ---


def func_where(x):
    return jnp.where(x >= 0.0, x, -x)


def func_int(x):
    return x * int(x)


def fixed():
    return jax.grad(func_where)(3.0) + jax.grad(func_int)(3.0)


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
