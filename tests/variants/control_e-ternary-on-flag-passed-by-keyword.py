# Variant of: tests/reports/control_tutorial-ternary-on-boolean-flag-argument.py
# Class: 2 (arguments JAX needs static: a Python flag that picks the computation)
# Rule: JG101
# Axis: (e) the flag reaches the jitted function as a keyword argument, through `**kwargs`.
from functools import partial

import jax

# --- must be flagged ---


@jax.jit
def f(x, **opts):
    return -x if opts["negate"] else x  # expect: JG101


def bug():
    return f(1.0, negate=True)


# --- must not be flagged ---


@partial(jax.jit, static_argnames=["negate"])
def f_static(x, negate=False):
    return -x if negate else x


def fixed():
    return f_static(1.0, negate=True)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
