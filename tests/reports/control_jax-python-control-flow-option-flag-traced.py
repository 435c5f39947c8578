# Report: jax-ml/jax#1120 https://github.com/jax-ml/jax/issues/1120
# Class: 2 (arguments JAX needs static: a Python bool option reaches jit as a traced argument)
# Rule: JG101
# Reduced: "Feature request: vmap-able boolean function options": the user's
# `python_control_flow(x, option=False)` branches on the option with a conditional expression;
# `(lambda x: jit(python_control_flow)(x, True))(np.arange(3))` "doesn't work" because jit
# traces every positional argument, so `option` is a tracer and `x**2 if option else x**3`
# raises TracerBoolConversionError. (The thread's vmap variants with in_axes=None run under
# current JAX and are not reproduced.) Fix, as in the thread: bind the option before jit
# (`jit(lambda x: python_control_flow(x, True))`), or mark it static.
import jax.numpy as np
from jax import jit


def python_control_flow(x, option=False):
    return x**2 if option else x**3  # expect: JG101


# --- must be flagged ---


def doesnt_work():
    return (lambda x: jit(python_control_flow)(x, True))(np.arange(3))


# --- must not be flagged ---


def works():
    return jit(lambda x: python_control_flow(x, True))(np.arange(3))


def works_static():
    return jit(python_control_flow, static_argnames=("option",))(np.arange(3), option=True)


RAISES = [(doesnt_work, "TracerBoolConversionError")]
RUNS = [works, works_static]
