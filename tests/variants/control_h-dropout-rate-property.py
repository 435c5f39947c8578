# Variant of: tests/reports/control_scenic-dropout-rate-from-config-dict.py
# Class: 1 (a value read from a dict argument of a jitted function is traced)
# Rule: JG101
# Axis: (h) the branch tests a `@property` that reads an attribute `__init__` derived from the rate.
import jax
import jax.numpy as jnp


class Dropout:
    def __init__(self, rate):
        self.keep = 1.0 - rate

    @property
    def active(self):
        return self.keep < 1.0

    def __call__(self, x):
        if self.active:  # expect: JG101
            return x / self.keep
        return x


def init_model(config, x):
    return Dropout(config["dropout_rate"])(x)


# --- must be flagged ---


def bug():
    return jax.jit(init_model)({"dropout_rate": 0.1}, jnp.ones(3))


# --- must not be flagged ---


def init_model_fixed(dropout_rate, x):
    return Dropout(dropout_rate)(x)


def fixed():
    return jax.jit(init_model_fixed, static_argnames="dropout_rate")(dropout_rate=0.1, x=jnp.ones(3))


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
