# Variant of: tests/reports/concrete_jax-bool-of-scan-carry.py
# Class: 4 (Python on traced values: bool() of a scan carry)
# Rule: JG104
# Axis: (h) the scan body is a bound method (`self.step`), the carry a tuple unpacked in it.
import jax
import jax.numpy as jnp


class Walker:
    def __init__(self, threshold):
        self.threshold = threshold

    def step(self, carry, x):
        total, above = carry
        total = total + x
        return (total, bool(total > self.threshold)), None  # expect: JG104

    def run(self, xs):
        return jax.lax.scan(self.step, (0.0, False), xs)[0]


# --- must be flagged ---


def bug():
    return Walker(1.0).run(jnp.ones(3))


# --- must not be flagged ---


class WalkerArray:
    def __init__(self, threshold):
        self.threshold = threshold

    def step(self, carry, x):
        total, above = carry
        total = total + x
        return (total, total > self.threshold), None

    def run(self, xs):
        return jax.lax.scan(self.step, (0.0, jnp.asarray(False)), xs)[0]


def fixed():
    return WalkerArray(1.0).run(jnp.ones(3))


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
