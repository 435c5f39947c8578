# Variant of: tests/reports/control_diffrax-max-steps-argument.py
# Class: 4 (Python on traced values, deeper: a helper branches on an argument)
# Rule: JG101
# Axis: (d) the traced `max_steps` is bound with `functools.partial` inside the jitted function.
import functools

import jax
import jax.numpy as jnp
from jax import lax


def bounded_loop(cond_fun, body_fun, init_val, max_steps):
    if max_steps == 1:  # expect: JG101
        return body_fun(init_val)
    return lax.while_loop(cond_fun, body_fun, init_val)


def cond(carry):
    return carry[0] < 1.0


def body(carry):
    t, y = carry
    return t + 0.1, y - 0.1 * y


# --- must be flagged ---


@jax.jit
def solve(y0, max_steps):
    loop = functools.partial(bounded_loop, max_steps=max_steps)
    return loop(cond, body, (0.0, y0))[1]


def bug():
    return solve(jnp.ones(2), 16)


# --- must not be flagged ---


@functools.partial(jax.jit, static_argnames="max_steps")
def solve_static(y0, max_steps):
    loop = functools.partial(bounded_loop, max_steps=max_steps)
    return loop(cond, body, (0.0, y0))[1]


def fixed():
    return solve_static(jnp.ones(2), max_steps=16)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
