# Variant of: tests/reports/control_scenic-dropout-rate-from-config-dict.py
# Class: 1 (a value read from a record argument of a jitted function is traced)
# Rule: JG101
# Axis: (b) the config is a NamedTuple argument (a pytree: its leaves are traced), read as `config.rate`.
from typing import NamedTuple

import jax
import jax.numpy as jnp


class Config(NamedTuple):
    rate: float
    width: int


class Dropout:
    def __init__(self, rate):
        self.rate = rate

    def apply(self, x):
        if self.rate == 0.0:  # expect: JG101
            return x
        return x / (1.0 - self.rate)


# --- must be flagged ---


@jax.jit
def init_model(config, x):
    return Dropout(config.rate).apply(x)


def bug():
    return init_model(Config(0.1, 3), jnp.ones(3))


# --- must not be flagged ---


@jax.jit
def init_model_where(config, x):
    return jnp.where(config.rate == 0.0, x, x / (1.0 - config.rate))


def fixed():
    return init_model_where(Config(0.1, 3), jnp.ones(3))


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
