# Report: gbionics/jaxsim#84 https://github.com/gbionics/jaxsim/issues/84
# Class: 5 (what reaches a static position: a model object whose `__eq__` compares array fields)
# Rule: JG203
# Reduced: "ValueError is raised when using two models": two `Model`s built from the same URDF
# description; calling `reset_base_position` on the first works, on the second it raises "The
# truth value of an array with more than one element is ambiguous" from the library's OOP wrapper,
# `jax.jit(function_to_jit, static_argnames=static_argnames)(...)`, which passes the model object
# itself as a static argument. The model hashes by its description (equal for both) and compares
# with the dataclass `__eq__`, a tuple comparison of its fields, one of them an array: the jit
# cache finds the first model's entry under the same hash and calls `==` on them, which needs the
# truth value of an array. Here the model keeps its name and base position. Fix (the functional
# API jaxsim moved to): register the model as a pytree whose arrays are traced leaves and whose
# name is metadata, and pass it as an ordinary argument.
import dataclasses
from functools import partial

import jax
import jax.numpy as jnp


@dataclasses.dataclass
class Model:
    name: str
    base_position: jax.Array

    def __hash__(self):
        return hash(self.name)


@partial(jax.jit, static_argnames=("model",))
def reset_base_position(model, position):
    return model.base_position + position


# --- must be flagged ---


def bug():
    model_1 = Model("stickBot", jnp.array([0.1, -0.8, 0.5]))
    model_2 = Model("stickBot", jnp.array([0.1, -0.8, 0.5]))
    reset_base_position(model=model_1, position=jnp.zeros(3))
    return reset_base_position(model=model_2, position=jnp.array([1.0, 0.0, 0.0]))  # expect: JG203


# --- must not be flagged ---


@partial(jax.tree_util.register_dataclass, data_fields=["base_position"], meta_fields=["name"])
@dataclasses.dataclass
class TracedModel:
    name: str
    base_position: jax.Array


@jax.jit
def reset_base_position_traced(model, position):
    return model.base_position + position


def fixed():
    model_1 = TracedModel("stickBot", jnp.array([0.1, -0.8, 0.5]))
    model_2 = TracedModel("stickBot", jnp.array([0.1, -0.8, 0.5]))
    reset_base_position_traced(model_1, jnp.zeros(3))
    return reset_base_position_traced(model_2, jnp.array([1.0, 0.0, 0.0]))


RAISES = [(bug, "ValueError")]
RUNS = [fixed]
