# Report: jax-ml/jax#4342 https://github.com/jax-ml/jax/pull/4342
# Class: 3 (everything created inside jit is traced: the comparison of two jitted arguments)
# Rule: JG101
# Reduced: "improve a ConcretizationTypeError message from dependence on jitted function
# arguments": the PR's example is a jitted function that returns the larger of its two arguments
# with a Python `if x > y:` / `else:`; the comparison of two traced arguments has no Python truth
# value, and the new message names the argument positions the value depends on. Here the function
# picks the larger of two step sizes of an optimizer step that calls it. Fix (the usual one for a
# value-dependent choice): `jnp.where` keeps both candidates and selects elementwise.
import jax
import jax.numpy as jnp


# --- must be flagged ---


@jax.jit
def larger(x, y):
    if x > y:  # expect: JG101
        return x
    else:
        return y


def step_size(grad_norm, floor):
    return larger(1.0 / (1.0 + grad_norm), floor)


def bug():
    return step_size(jnp.asarray(3.0), jnp.asarray(0.1))


# --- must not be flagged ---


@jax.jit
def larger_where(x, y):
    return jnp.where(x > y, x, y)


def step_size_where(grad_norm, floor):
    return larger_where(1.0 / (1.0 + grad_norm), floor)


def fixed():
    return step_size_where(jnp.asarray(3.0), jnp.asarray(0.1))


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
