"""JG203 unhashable-static-argument: examples that must and must not be flagged."""

from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


@partial(jax.jit, static_argnames=("sizes",))
def split(x, sizes):
    return jnp.split(x, sizes)


@partial(jax.jit, static_argnums=(1,))
def pad_to(x, config):
    return jnp.pad(x, config["width"]) if isinstance(config, dict) else jnp.pad(x, config)


# --- must be flagged -------------------------------------------------------------------------


def list_literal(x):
    return split(x, sizes=[2, 4])  # expect: JG203


def dict_literal(x):
    return pad_to(x, {"width": 2})  # expect: JG203


def name_bound_to_a_list(x):
    boundaries = [1, 3]
    return split(x, sizes=boundaries)  # expect: JG203


def numpy_array(x):
    return split(x, sizes=np.array([2, 4]))  # expect: JG203


# --- must not be flagged ---------------------------------------------------------------------


def tuple_value(x):
    return split(x, sizes=(2, 4))


def string_and_int(x):
    return pad_to(x, 2)


def list_at_a_traced_position(x):
    return split(jnp.asarray([1.0, 2.0, 3.0, 4.0, 5.0, 6.0]), sizes=(3,)), jnp.sum(x)


RAISES = [
    (lambda: list_literal(jnp.arange(6.0)), "ValueError"),
    (lambda: dict_literal(jnp.arange(6.0)), "ValueError"),
    (lambda: name_bound_to_a_list(jnp.arange(6.0)), "ValueError"),
    (lambda: numpy_array(jnp.arange(6.0)), "ValueError"),
]

RUNS = [
    lambda: tuple_value(jnp.arange(6.0)),
    lambda: string_and_int(jnp.arange(6.0)),
    lambda: list_at_a_traced_position(jnp.arange(6.0)),
]
