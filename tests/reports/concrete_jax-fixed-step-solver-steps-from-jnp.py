# Report: jax-ml/jax#5017 https://github.com/jax-ml/jax/issues/5017
# Class: 3 (everything created inside jit is traced: a step count computed with `jnp` from constants)
# Rule: JG105
# Reduced: the code, unchanged: `jaxfixedsolve(rhs, t_span, y0, max_dt)` computes
# `steps = jnp.array(delta_t // max_dt).astype(int)` and scans over `jnp.arange(steps)`;
# `sim_function(coeff)` calls it with the literal `t_span=[0, 0.5]` and `max_dt=0.1`. It runs
# without jit; `jit(sim_function)` raises ConcretizationTypeError, because inside jit the
# `jnp.array` of constants is a tracer. Fix: compute the step count with Python arithmetic, so
# it stays a Python int (the thread's answer is not in the part that was read).
import jax
import jax.numpy as jnp
from jax.lax import scan

# --- must be flagged ---


def jaxfixedsolve(rhs, t_span, y0, max_dt):
    delta_t = t_span[1] - t_span[0]
    steps = jnp.array(delta_t // max_dt).astype(int)
    h = delta_t / steps

    def scan_func(carry, step):
        eval_time = t_span[0] + (h * step)
        return (carry + rhs(eval_time, carry) * h, None)

    yf = scan(scan_func, y0, jnp.arange(steps))[0]  # expect: JG105
    return yf


def sim_function(coeff):
    def rhs(t, y):
        return coeff * y

    return jaxfixedsolve(rhs, t_span=[0, 0.5], y0=jnp.array(1.0, dtype=float), max_dt=0.1)


def bug():
    return jax.jit(sim_function)(2.0)


# --- must not be flagged ---


def fixedsolve_python_steps(rhs, t_span, y0, max_dt):
    delta_t = t_span[1] - t_span[0]
    steps = int(delta_t // max_dt)
    h = delta_t / steps

    def scan_func(carry, step):
        eval_time = t_span[0] + (h * step)
        return (carry + rhs(eval_time, carry) * h, None)

    yf = scan(scan_func, y0, jnp.arange(steps))[0]
    return yf


def sim_function_fixed(coeff):
    def rhs(t, y):
        return coeff * y

    return fixedsolve_python_steps(rhs, t_span=[0, 0.5], y0=jnp.array(1.0, dtype=float), max_dt=0.1)


def fixed():
    return jax.jit(sim_function_fixed)(2.0)


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
