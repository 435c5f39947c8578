# Variant of: tests/reports/control_diffrax-max-steps-argument.py
# Class: 4 (Python on traced values, deeper: a helper two calls away branches on an argument)
# Rule: JG101
# Axis: (e) the traced `max_steps` reaches the branching helper through `*args` forwarding.
import jax
import jax.numpy as jnp
from jax import lax


def bounded_loop(cond_fun, body_fun, init_val, max_steps):
    if max_steps == 1:  # expect: JG101
        return body_fun(init_val)
    return lax.while_loop(cond_fun, body_fun, init_val)


def run_loop(*args):
    return bounded_loop(*args)


def integrate(y0, dt, max_steps):
    def cond(carry):
        return carry[0] < 1.0

    def body(carry):
        t, y = carry
        return t + dt, y - dt * y

    return run_loop(cond, body, (0.0, y0), max_steps)[1]


# --- must be flagged ---


@jax.jit
def solve(y0, max_steps):
    return integrate(y0, 0.1, max_steps)


def bug():
    return solve(jnp.ones(2), 16)


# --- must not be flagged ---


def fixed():
    return jax.jit(integrate, static_argnums=(1, 2))(jnp.ones(2), 0.1, 16)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
