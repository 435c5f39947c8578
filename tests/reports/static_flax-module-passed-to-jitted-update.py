# Report: google/flax#3003 https://github.com/google/flax/issues/3003
# Class: 5 (a non-array argument not declared static: a model object and one of its methods)
# Rule: JG206 (an instance of a plain class at a non-static position)
# Reduced: "How to pass nn.Module as an argument for a jax function?": the user passes the
# `model` into a jitted update function to call `model.apply(..., method=some_method)` on its
# other methods, and JAX says the argument "is not a valid JAX type". flax is not installed here:
# the model is a plain class with the same `apply(variables, x, method=...)` entry point and two
# methods; parameters are a dict. Fix (the maintainer's answer): declare the model and the method
# static, `partial(jax.jit, static_argnums=(0, 1))` ("If `model` is hashable then you can pass it
# directly"); a plain instance hashes by identity.
from functools import partial

import jax
import jax.numpy as jnp


class Model:
    def __call__(self, params, x):
        return jnp.tanh(x @ params["w"])

    def encode(self, params, x):
        return x @ params["w"]

    def apply(self, variables, x, method=None):
        method = method if method is not None else Model.__call__
        return method(self, variables["params"], x)


model = Model()
variables = {"params": {"w": jnp.ones((3, 2))}}

# --- must be flagged ---


@jax.jit
def update(model, some_method, variables, x):
    y = model.apply(variables, x, method=some_method)
    return jnp.sum(y**2)


def bug():
    return update(model, Model.encode, variables, jnp.ones((4, 3)))  # expect: JG206


# --- must not be flagged ---


@partial(jax.jit, static_argnums=(0, 1))
def update_static(model, some_method, variables, x):
    y = model.apply(variables, x, method=some_method)
    return jnp.sum(y**2)


def fixed():
    return update_static(model, Model.encode, variables, jnp.ones((4, 3)))


RAISES = [(bug, "TypeError")]
RUNS = [fixed]
