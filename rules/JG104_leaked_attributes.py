"""JG104 on attributes a jitted method leaves a tracer in (leaked tracers).

With `self` static, the instance a jitted method runs on is the caller's own Python object, and
the body runs once, while JAX traces it: `self.<attr> = <traced value>` stores the tracer, and the
instance keeps it after the call. Converting it afterwards needs a value it never has:
`np.asarray` raises TracerArrayConversionError, `float()`/`.item()` ConcretizationTypeError. JAX
hands concrete arrays back only through the return value.
"""

from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


class Tracker:
    @partial(jax.jit, static_argnums=0)
    def step(self, x):
        self.last_total = x.sum()
        self.last_out = x * 2
        return x * 2


# --- must be flagged -------------------------------------------------------------------------


def read_total():
    tracker = Tracker()
    tracker.step(jnp.ones(3))
    return float(tracker.last_total)  # expect: JG104


def read_out():
    tracker = Tracker()
    tracker.step(jnp.ones(3))
    return np.asarray(tracker.last_out)  # expect: JG104


def read_item():
    tracker = Tracker()
    tracker.step(jnp.ones(3))
    return tracker.last_total.item()  # expect: JG104


# --- must not be flagged ---------------------------------------------------------------------


class Counter:
    def __init__(self):
        self.calls = 0

    @partial(jax.jit, static_argnums=0)
    def step(self, x):
        self.calls = self.calls + 1  # a Python int, counted at trace time: no tracer
        return x * 2


class ReturnsTotal:
    @partial(jax.jit, static_argnums=0)
    def _step(self, x):
        return x * 2, x.sum()

    def step(self, x):
        out, self.last_total = self._step(x)  # set outside jit, from the return value
        return out


def read_counter():
    counter = Counter()
    counter.step(jnp.ones(3))
    return int(counter.calls)


def read_returned_total():
    tracker = ReturnsTotal()
    tracker.step(jnp.ones(3))
    return float(tracker.last_total)


RAISES = [
    (read_total, "ConcretizationTypeError"),
    (read_out, "TracerArrayConversionError"),
    (read_item, "ConcretizationTypeError"),
]

RUNS = [read_counter, read_returned_total]
