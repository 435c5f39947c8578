# Report: https://openillumi.com/?p=109430 (Stack Overflow question retold: "Fix JAX JIT Non-hashable Errors: Using Lists as Static Args Safely")
# Class: 5 (what reaches a static position: a list at a `static_argnames` parameter)
# Rule: JG203
# Reduced: a function jitted with `static_argnames` for a list argument raises "ValueError:
# Non-hashable static arguments are not supported" the moment it is called with a list, while
# fixing the list with `functools.partial` compiles (the partial closes over it, so a changed list
# is silently not seen). The page's advice: convert the list to a tuple, which is hashable, so a
# changed value recompiles and the result stays right. The page's function is a dummy sum over
# selected indices; the names here are ours.
import functools

import jax
import jax.numpy as jnp


def dummy(x, indices):
    return sum(x[i] for i in indices)


dummy_jit = jax.jit(dummy, static_argnames=("indices",))

x = jnp.arange(5.0)


# --- must be flagged ---


def with_list():
    return dummy_jit(x, indices=[0, 2, 4])  # expect: JG203


# --- must not be flagged ---


def with_tuple():
    return dummy_jit(x, indices=(0, 2, 4))


def with_partial():
    return jax.jit(functools.partial(dummy, indices=[0, 2, 4]))(x)


RAISES = [(with_list, "ValueError")]
RUNS = [with_tuple, with_partial]
