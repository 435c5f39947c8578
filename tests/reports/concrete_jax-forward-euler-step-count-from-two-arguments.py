# Report: jax-ml/jax#25186 https://github.com/jax-ml/jax/issues/25186
# Class: 3 (everything created inside jit is traced: a step count computed from two arguments)
# Rule: JG104
# Reduced: "Value becoming a tracer error": the jitted `forwardEuler` integrator raises
# "TracerIntegerConversionError: The __index__() method was called on traced array with shape
# int64[]", the value coming from "operation a:i64[] = sub b c" two lines into the function: the
# number of steps is the difference of two integer arguments, then used as a Python loop count.
# The user asked whether marking inputs static would help; it does for the integers that set the
# loop length (arrays cannot be static). Fix: `static_argnames` for the two step indices.
from functools import partial

import jax
import jax.numpy as jnp


def rhs(z, dt):
    return -z * dt


# --- must be flagged ---


@jax.jit
def forward_euler(z0, n_start, n_end, dt):
    n_steps = n_end - n_start
    z = z0
    for _ in range(n_steps):  # expect: JG104
        z = z + rhs(z, dt)
    return z


def bug():
    return forward_euler(jnp.ones(3), 0, 10, 0.1)


# --- must not be flagged ---


@partial(jax.jit, static_argnames=("n_start", "n_end"))
def forward_euler_static(z0, n_start, n_end, dt):
    n_steps = n_end - n_start
    z = z0
    for _ in range(n_steps):
        z = z + rhs(z, dt)
    return z


def fixed():
    return forward_euler_static(jnp.ones(3), n_start=0, n_end=10, dt=0.1)


RAISES = [(bug, "TracerIntegerConversionError")]
RUNS = [fixed]
