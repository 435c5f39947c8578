# Variant of: tests/reports/control_diffrax-max-steps-argument.py
# Class: 4 (Python on traced values, deeper: a helper two calls away branches on an argument)
# Rule: JG101
# Axis: (e) the traced `max_steps` reaches the branching helper through a `**kwargs` forwarding wrapper.
import jax
import jax.numpy as jnp
from jax import lax


def while_loop(cond_fun, body_fun, init_val, max_steps=None):
    if max_steps == 1:  # expect: JG101
        return body_fun(init_val)
    return lax.while_loop(cond_fun, body_fun, init_val)


def integrate(y0, dt, **loop_kwargs):
    def cond(carry):
        return carry[0] < 1.0

    def body(carry):
        t, y = carry
        return t + dt, y - dt * y

    return while_loop(cond, body, (0.0, y0), **loop_kwargs)[1]


# --- must be flagged ---


@jax.jit
def solve(y0, max_steps):
    return integrate(y0, 0.1, max_steps=max_steps)


def bug():
    return solve(jnp.ones(2), 16)


# --- must not be flagged ---


def solve_static(y0, max_steps):
    return integrate(y0, 0.1, max_steps=max_steps)


def fixed():
    return jax.jit(solve_static, static_argnames="max_steps")(jnp.ones(2), 16)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
