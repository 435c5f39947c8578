# Variant of: tests/reports/control_scenic-dropout-rate-from-config-dict.py
# Class: 1 (a value read from a dict argument of a jitted function is traced)
# Rule: JG101
# Axis: (c) the object holding the traced rate is made by a factory helper and stored on another object.
import jax
import jax.numpy as jnp


class Dropout:
    def __init__(self, rate):
        self.rate = rate

    def __call__(self, x):
        if self.rate == 0.0:  # expect: JG101
            return x
        return x / (1.0 - self.rate)


def make_dropout(config):
    return Dropout(rate=config["dropout_rate"])


class Block:
    def __init__(self, config):
        self.dropout = make_dropout(config)

    def __call__(self, x):
        return self.dropout(2.0 * x)


def init_model(config, x):
    return Block(config)(x)


# --- must be flagged ---


def bug():
    return jax.jit(init_model)({"dropout_rate": 0.1}, jnp.ones(3))


# --- must not be flagged ---


def fixed():
    config = {"dropout_rate": 0.1}
    return jax.jit(lambda x: init_model(config, x))(jnp.ones(3))


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
