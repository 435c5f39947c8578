"""JG101 on instances built in traced code: attributes `__init__` stores from traced arguments.

Python runs `__init__` on the values it is given, so an instance built inside a jitted function
from a traced argument holds the tracer in `self.<attr>`, and its methods read a tracer there.
Built from static values, or reading a class attribute or an attribute set from a literal, it
holds Python values.
"""

import dataclasses
from typing import Optional

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


class Meter:
    level = 1.0  # a class attribute; instances shadow it

    def __init__(self):
        self.level = 0.0

    def record(self, level):
        self.level = level  # stores what it is given: a tracer for a traced level


def metered(level, x):
    meter = Meter()
    meter.record(level)
    if meter.level > 0.5:  # expect: JG101
        return x
    return -x


class Named(Gate):
    def __init__(self, level, name):
        super().__init__(level)  # Gate.__init__ stores self.level = level
        self.name = name

    def above(self, x):
        return x if self.level > 1.0 else -x  # expect: JG101


def named(level, x):
    return Named(level, "gate").above(x)


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


class Reset:
    def __init__(self, rate):
        self.rate = rate

    def reset(self):
        self.rate = 0.0  # rebinds what __init__ stored: a Python float once reset() ran

    def __call__(self, x):
        self.reset()
        if self.rate == 0.0:  # a Python float here
            return x
        return x * self.rate


def reset_rate(x, rate):
    return Reset(rate)(x)


def metered_static(x):
    meter = Meter()
    meter.record(x.shape[0])  # a shape: a Python int
    return x * meter.level


def metered_class_level(x, level):
    meter = Meter()
    Meter.record(meter, level)  # stores in meter, not in the class
    return x if Meter.level > 0.5 else -x  # the class attribute: a Python float


def named_static(x):
    return Named(x.ndim, "gate").above(x)  # level from a static rank


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Masked:
    scale: jax.Array
    mask: Optional[jax.Array] = dataclasses.field(default=None)  # None: an empty pytree, not a leaf
    extra: Optional[jax.Array] = dataclasses.field(default_factory=lambda: None)


def masked(x, p):
    if p.mask:  # None when the caller leaves it out: no tracer
        x = x * p.mask
    if p.extra:  # a default_factory: the linter does not read it
        x = x + p.extra
    return x * p.scale


RAISES = [
    (lambda: jax.jit(gated)(1.0, jnp.ones(3)), "TracerBoolConversionError"),
    (lambda: jax.jit(gate_by_name)(1.0, jnp.ones(3)), "TracerBoolConversionError"),
    (lambda: jax.jit(stacked)(1.0, jnp.ones(3)), "TracerBoolConversionError"),
    (lambda: jax.jit(metered)(1.0, jnp.ones(3)), "TracerBoolConversionError"),
    (lambda: jax.jit(named)(1.0, jnp.ones(3)), "TracerBoolConversionError"),
]

RUNS = [
    lambda: jax.jit(gated_static, static_argnames="level")(1.0, jnp.ones(3)),
    lambda: jax.jit(gate_mode)(1.0, jnp.ones(3)),
    lambda: jax.jit(window)(jnp.ones(3)),
    lambda: jax.jit(reset_rate)(jnp.ones(3), 0.3),
    lambda: (jax.jit(metered_static)(jnp.ones(3)), jax.jit(named_static)(jnp.ones(3))),
    lambda: jax.jit(metered_class_level)(jnp.ones(3), 1.0),
    lambda: jax.jit(masked)(jnp.ones(3), Masked(jnp.ones(3))),
]
