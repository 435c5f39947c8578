"""JG101 on instances built in traced code: attributes `__init__` stores from traced arguments.

Python runs `__init__` on the values it is given, so an instance built inside a jitted function
from a traced argument holds the tracer in `self.<attr>`, and its methods read a tracer there.
Built from static values, or reading a class attribute or an attribute set from a literal, it
holds Python values.
"""

import jax
import jax.numpy as jnp

# --- must be flagged -------------------------------------------------------------------------


class Gate:
    threshold = 0.5  # a class attribute: a Python float

    def __init__(self, level, mode="soft"):
        self.level = level
        self.mode = mode
        self.eps = 1e-6  # a literal: a Python float

    def __call__(self, x):
        if self.level > self.threshold:  # expect: JG101
            return x
        return x * self.eps

    def apply(self, x):
        if self.mode == "hard" and self.threshold > self.eps:  # Python values: fine
            return jnp.round(x)
        return x * 2.0

    @property
    def open(self):
        return self.level > 0.0

    def scaled(self, x):
        return x if self.open else -x  # expect: JG101


class Stack:
    def __init__(self, level):
        self.gate = Gate(level)

    def __call__(self, x):
        return self.gate(x)


def gated(level, x):
    return Gate(level)(x)


def gate_by_name(level, x):
    gate = Gate(level)
    return gate.scaled(x)


def stacked(level, x):
    return Stack(level)(x)


# --- must not be flagged ---------------------------------------------------------------------


def gated_static(level, x):
    return Gate(level)(x)  # level is static: self.level is a Python float


def gate_mode(level, x):
    return Gate(level, "hard").apply(x)  # level traced, but apply reads only Python values


class Window:
    def __init__(self, x):
        self.size = x.shape[0]  # a shape: static even of a traced array
        self.data = x

    def head(self):
        return jnp.zeros(self.size) + self.data[: self.size]


def window(x):
    return Window(x).head()


RAISES = [
    (lambda: jax.jit(gated)(1.0, jnp.ones(3)), "TracerBoolConversionError"),
    (lambda: jax.jit(gate_by_name)(1.0, jnp.ones(3)), "TracerBoolConversionError"),
    (lambda: jax.jit(stacked)(1.0, jnp.ones(3)), "TracerBoolConversionError"),
]

RUNS = [
    lambda: jax.jit(gated_static, static_argnames="level")(1.0, jnp.ones(3)),
    lambda: jax.jit(gate_mode)(1.0, jnp.ones(3)),
    lambda: jax.jit(window)(jnp.ones(3)),
]
