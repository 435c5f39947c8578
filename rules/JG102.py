"""JG102 traced-while: examples that must and must not be flagged."""

from functools import partial

import jax
import jax.numpy as jnp
from jax import lax

# --- must be flagged -------------------------------------------------------------------------


@jax.jit
def newton_sqrt2(x):
    err = jnp.abs(x * x - 2.0)
    while err > 1e-6:  # expect: JG102
        x = x - (x * x - 2.0) / (2.0 * x)
        err = jnp.abs(x * x - 2.0)
    return x


@jax.jit
def halve_until_small(x):
    while jnp.sum(x) > 1.0:  # expect: JG102
        x = x / 2
    return x


@jax.jit
def count_up(x, limit):
    i = 0
    while i < limit:  # expect: JG102
        x = x + 1
        i = i + 1
    return x


@jax.jit
def loop_carried(x):
    done = False
    steps = 0
    while not done:  # expect: JG102
        steps = steps + 1
        x = x * 0.5
        done = x.max() < 1.0
    return x


# --- must not be flagged ---------------------------------------------------------------------


@jax.jit
def while_on_static(x):
    n = x.shape[0]
    while n > 1:
        x = x[: n // 2] + x[n // 2 : 2 * (n // 2)]
        n = n // 2
    return x


@partial(jax.jit, static_argnames=("steps",))
def static_steps(x, steps):
    i = 0
    while i < steps:
        x = x * 2
        i += 1
    return x


@jax.jit
def with_lax_while(x):
    def cond(state):
        return jnp.abs(state * state - 2.0) > 1e-6

    def body(state):
        return state - (state * state - 2.0) / (2.0 * state)

    return lax.while_loop(cond, body, x)


def python_loop_outside_jit(x):
    while x > 1.0:
        x = x / 2
    return x


RAISES = [
    (lambda: newton_sqrt2(jnp.float32(1.0)), "TracerBoolConversionError"),
    (lambda: halve_until_small(jnp.ones(4)), "TracerBoolConversionError"),
    (lambda: count_up(jnp.float32(0.0), 3), "TracerBoolConversionError"),
    (lambda: loop_carried(jnp.ones(3) * 8), "TracerBoolConversionError"),
]

RUNS = [
    lambda: while_on_static(jnp.ones(8)),
    lambda: static_steps(jnp.ones(2), steps=3),
    lambda: with_lax_while(jnp.float32(1.0)),
    lambda: python_loop_outside_jit(jnp.float32(8.0)),
]
