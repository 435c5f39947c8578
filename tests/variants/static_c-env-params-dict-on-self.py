# Variant of: tests/reports/static_gymnax-env-params-dict-static-argnum.py
# Class: 5 (what reaches a static position: a dict, unhashable)
# Rule: JG203
# Axis: (c) the params dict is `self.params`, set in `__init__` of an environment class and passed
# at the static position from a method.
from functools import partial
from typing import NamedTuple

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(1,))
def reset(key, params):
    ball = jax.random.randint(key, (), 0, params["num_columns"])
    return jnp.zeros((params["num_rows"], params["num_columns"])).at[0, ball].set(1.0)


class EnvParams(NamedTuple):
    num_rows: int = 10
    num_columns: int = 5


@partial(jax.jit, static_argnums=(1,))
def reset_record(key, params):
    ball = jax.random.randint(key, (), 0, params.num_columns)
    return jnp.zeros((params.num_rows, params.num_columns)).at[0, ball].set(1.0)


# --- must be flagged ---


class Catch:
    def __init__(self):
        self.params = {"max_steps_in_episode": 100, "num_rows": 10, "num_columns": 5}

    def reset(self, key):
        return reset(key, self.params)  # expect: JG203


def run_dict():
    return Catch().reset(jax.random.key(0))


# --- must not be flagged ---


class CatchRecord:
    def __init__(self):
        self.params = EnvParams()

    def reset(self, key):
        return reset_record(key, self.params)


def run_record():
    return CatchRecord().reset(jax.random.key(0))


RAISES = [(run_dict, "ValueError")]
RUNS = [run_record]
