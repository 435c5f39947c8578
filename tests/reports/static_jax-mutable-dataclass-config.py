# Report: jax-ml/jax#3701 https://github.com/jax-ml/jax/issues/3701
# Class: 5 (what reaches a static position: a non-frozen dataclass)
# Rule: JG203
# Reduced: the issue's `Config` dataclass passed at `static_argnums=1` from `evaluate()`. A
# plain `@dataclass` sets `__hash__ = None`; today JAX raises at the call. Fix:
# `@dataclass(frozen=True)`.
import dataclasses
import functools

import jax
import jax.numpy as jnp

# --- must be flagged ---


@dataclasses.dataclass
class Config:
    some_value: int


@functools.partial(jax.jit, static_argnums=1)
def do_stuff(data, config):
    return data * config.some_value


def evaluate():
    config = Config(3)
    data = jnp.ones(4)
    return do_stuff(data, config)  # expect: JG203


# --- must not be flagged ---


@dataclasses.dataclass(frozen=True)
class FrozenConfig:
    some_value: int


def evaluate_frozen():
    config = FrozenConfig(3)
    return do_stuff(jnp.ones(4), config)


RAISES = [(evaluate, "ValueError")]
RUNS = [evaluate_frozen]
