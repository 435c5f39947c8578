# Report: https://jax.readthedocs.io/en/latest/errors.html (JAX errors page, ConcretizationTypeError: "Traced value where static value is expected")
# Class: 2 (arguments JAX needs static: the axis of a reduction)
# Rule: JG104; no rule names reduction axes; JG104 (a traced value converted to a Python integer) is the closest
# Reduced: the page's example, `x.min(axis)` with `axis` a parameter of the jitted function.
# Fix: mark `axis` static.
import functools

import jax
import jax.numpy as jnp

# --- must be flagged ---


@jax.jit
def func(x, axis):
    return x.min(axis)  # expect: JG104


def bug():
    return func(jnp.arange(4), 0)


# --- must not be flagged ---


@functools.partial(jax.jit, static_argnums=1)
def func_static(x, axis):
    return x.min(axis)


def fixed():
    return func_static(jnp.arange(4), 0)


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
