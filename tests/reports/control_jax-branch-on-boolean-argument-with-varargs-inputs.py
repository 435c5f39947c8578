# Report: jax-ml/jax#2065 https://github.com/jax-ml/jax/issues/2065
# Class: 4 (Python `if` on a traced argument)
# Rule: JG101
# Reduced: "How to branch efficiently under jit compilation?": a jitted `my_func` takes a boolean
# that selects one of two computations, and `*other_inputs` that change between calls; the
# Python `if` on the flag fails under jit (the flag is traced), and making it static compiles
# one version per value. The thread's answer, which the user adopted: `lax.cond` on the traced
# flag, both branches taking the same operands.
import jax
import jax.numpy as jnp
from jax import lax


def first_branch(a, b):
    return a * b


def second_branch(a, b):
    return a + b


# --- must be flagged ---


@jax.jit
def my_func(use_first, *other_inputs):
    if use_first:  # expect: JG101
        return first_branch(*other_inputs)
    return second_branch(*other_inputs)


def bug():
    return my_func(True, jnp.ones(3), jnp.arange(3.0))


# --- must not be flagged ---


@jax.jit
def my_func_cond(use_first, *other_inputs):
    return lax.cond(use_first, first_branch, second_branch, *other_inputs)


def fixed():
    return my_func_cond(True, jnp.ones(3), jnp.arange(3.0))


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
