# Variant of: tests/reports/control_jax-true-and-traced-flag.py
# Class: 4 (Python control flow on a traced value: `True and flag` is the traced flag)
# Rule: JG101
# Axis: (c) the flag is stored by `__init__` of an object built inside the jitted function, and
# the `if True and self.enabled:` is in a method of that object.
import functools

import jax


class Gate:
    def __init__(self, enabled):
        self.enabled = enabled

    def value(self):
        if True and self.enabled:  # expect: JG101
            return 1
        return 0


# --- must be flagged ---


@jax.jit
def f(flag):
    return Gate(flag).value()


def bug():
    return f(True)


# --- must not be flagged ---


@functools.partial(jax.jit, static_argnums=0)
def f_static(flag):
    return Gate(flag).value()


def fixed():
    return f_static(True)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
