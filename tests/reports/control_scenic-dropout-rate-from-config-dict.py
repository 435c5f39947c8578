# Report: google-research/scenic#709 https://github.com/google-research/scenic/issues/709
# Class: 1 (a value read from a dict argument of a jitted function is traced)
# Rule: JG101
# Reduced: training the MTV model fails in flax's `Dropout.__call__` at `if self.rate == 0.:`
# with "Abstract tracer value ... The problem arose with the `bool` function", while tracing the
# jitted `_initialize_model`. The thread does not show where the rate became traced; here (an
# assumption) the model config reaches the jitted initializer as a dict argument, so every value
# in it, the dropout rate included, is a tracer. Flax's Dropout is replaced by a small stand-in.
# Fix: keep the rate a Python float (a static argument), as flax expects.
import jax
import jax.numpy as jnp


class Dropout:
    def __init__(self, rate):
        self.rate = rate

    def __call__(self, x, deterministic):
        if self.rate == 0.0:  # expect: JG101
            return x
        if deterministic:
            return x
        return x / (1.0 - self.rate)


def _initialize_model(config, x):
    return Dropout(config["dropout_rate"])(x, deterministic=True)


# --- must be flagged ---


def bug():
    return jax.jit(_initialize_model)({"dropout_rate": 0.1}, jnp.ones(3))


# --- must not be flagged ---


def _initialize_model_fixed(dropout_rate, x):
    return Dropout(dropout_rate)(x, deterministic=True)


def fixed():
    init = jax.jit(_initialize_model_fixed, static_argnames=("dropout_rate",))
    return init(dropout_rate=0.1, x=jnp.ones(3))


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
