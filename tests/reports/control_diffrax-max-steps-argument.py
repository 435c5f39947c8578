# Report: patrick-kidger/diffrax#379 https://github.com/patrick-kidger/diffrax/issues/379
# Class: 4 (Python on traced values, deeper: a helper two calls away branches on an argument)
# Rule: JG101
# Reduced: the user wraps the solve in a jitted function and passes `max_steps` through it; the
# library's loop helper, two calls down, does `if max_steps == 1:` and JAX raises there. Fix:
# make `max_steps` static where the user jits (static_argnames).
import functools

import jax
import jax.numpy as jnp
from jax import lax


def checkpointed_while_loop(cond_fun, body_fun, init_val, max_steps):
    if max_steps == 1:  # expect: JG101
        return body_fun(init_val)
    return lax.while_loop(cond_fun, body_fun, init_val)


def diffeqsolve(y0, dt, max_steps=4096):
    def cond(carry):
        t, _ = carry
        return t < 1.0

    def body(carry):
        t, y = carry
        return t + dt, y - dt * y

    return checkpointed_while_loop(cond, body, (0.0, y0), max_steps)[1]


# --- must be flagged ---


@jax.jit
def solve(y0, max_steps):
    return diffeqsolve(y0, 0.1, max_steps=max_steps)


def bug():
    return solve(jnp.ones(2), 16)


# --- must not be flagged ---


@functools.partial(jax.jit, static_argnames=("max_steps",))
def solve_static(y0, max_steps):
    return diffeqsolve(y0, 0.1, max_steps=max_steps)


def fixed():
    return solve_static(jnp.ones(2), 16)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
