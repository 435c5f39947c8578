# Report: RobertTLange/gymnax#14 https://github.com/RobertTLange/gymnax/issues/14
# Class: 5 (what reaches a static position: an environment's parameter dict)
# Rule: JG203
# Reduced: "Replace all `params_env_name` with `FrozenDict`": some environment parameter
# dictionaries set the observation shape, so the jitted `reset`/`step` must take them as
# `static_argnums`, "only possible if the dictionary is immutable" (a dict is not hashable: jit
# raises "Non-hashable static arguments are not supported"). The issue ports flax's FrozenDict and
# an `update_env_params(params, name, value)` helper. Here the environment is a Catch-like grid;
# FrozenDict is a minimal immutable, hashable mapping.
from collections.abc import Mapping
from functools import partial

import jax
import jax.numpy as jnp

params_catch = {"max_steps_in_episode": 100, "num_rows": 10, "num_columns": 5}


@partial(jax.jit, static_argnums=(1,))
def reset(key, params):
    ball = jax.random.randint(key, (), 0, params["num_columns"])
    obs = jnp.zeros((params["num_rows"], params["num_columns"])).at[0, ball].set(1.0)
    return obs, ball


# --- must be flagged ---


def run_dict():
    return reset(jax.random.key(0), params_catch)  # expect: JG203


# --- must not be flagged ---


class FrozenDict(Mapping):
    def __init__(self, *args, **kwargs):
        self._dict = dict(*args, **kwargs)

    def __getitem__(self, key):
        return self._dict[key]

    def __iter__(self):
        return iter(self._dict)

    def __len__(self):
        return len(self._dict)

    def __hash__(self):
        return hash(tuple(sorted(self._dict.items())))


def update_env_params(params, name, value):
    return FrozenDict({**params, name: value})


def run_frozen():
    params = FrozenDict(params_catch)
    obs, _ = reset(jax.random.key(0), params)
    obs_wide, _ = reset(jax.random.key(1), update_env_params(params, "num_columns", 7))
    return obs, obs_wide


RAISES = [(run_dict, "ValueError")]
RUNS = [run_frozen]
