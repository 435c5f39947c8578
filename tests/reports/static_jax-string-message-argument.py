# Report: jax-ml/jax#3045 https://github.com/jax-ml/jax/issues/3045
# Class: 5 (a non-array argument not declared static: a string message)
# Rule: JG206 (a string at a non-static position)
# Reduced: "Allow str to be a valid JAX type": `@jax.jit def print_yay(arr, msg)` called as
# `print_yay(np.array([5, 3, 2, 2020]), "this is my message!")`; JAX raises TypeError (the user
# wants to branch on `msg`). Fix: declare the string static (`static_argnums=1`), which is what
# the maintainers point to; a string is hashable.
import functools

import jax
import numpy as np

# --- must be flagged ---


@jax.jit
def print_yay(arr, msg):
    print(msg)
    return arr


def bug():
    return print_yay(np.array([5, 3, 2, 2020]), "this is my message!")  # expect: JG206


# --- must not be flagged ---


@functools.partial(jax.jit, static_argnums=1)
def print_yay_static(arr, msg):
    print(msg)
    return arr


def fixed():
    return print_yay_static(np.array([5, 3, 2, 2020]), "this is my message!")


RAISES = [(bug, "TypeError")]
RUNS = [fixed]
