# Report: patrick-kidger/equinox#706 https://github.com/patrick-kidger/equinox/issues/706
# Class: 1 (values inside containers and objects: a function leaf inside a model pytree)
# Rule: JG206
# Reduced: "gradient with sequential and jax.nn.<activation functions>": `model =
# eqx.nn.Sequential([eqx.nn.Linear(input_n, 1, key=key), eqx.nn.Lambda(jax.nn.gelu)])`, a loss
# `@eqx.filter_jit def loss(model, x): return jnp.sum(jax.vmap(model)(x))`; `jax.vmap(model)(x)`
# works but `value_and_grad(loss)(model, x)` (jax's) fails with "Argument '<function gelu>' of
# type <class 'function'> is not a valid JAX type": `jax.value_and_grad` differentiates with
# respect to every leaf of `model`, and the Lambda's activation function is a leaf. Works with
# `eqx.nn.PReLU()` (array parameters only). Fix (maintainers, FAQ): `eqx.filter_value_and_grad`.
import equinox as eqx
import jax
import jax.numpy as jnp
from jax import value_and_grad

input_n = 100
key = jax.random.PRNGKey(42)
x = jax.random.normal(key, (1, input_n))


@eqx.filter_jit
def loss(model, x):
    y = jax.vmap(model)(x)
    return jnp.sum(y)


# --- must be flagged ---


def crashes():
    model = eqx.nn.Sequential([eqx.nn.Linear(input_n, 1, key=key), eqx.nn.Lambda(jax.nn.gelu)])
    jax.vmap(model)(x)
    return value_and_grad(loss)(model, x)  # expect: JG206


# --- must not be flagged ---


def works():
    model = eqx.nn.Sequential([eqx.nn.Linear(input_n, 1, key=key), eqx.nn.Lambda(jax.nn.gelu)])
    return eqx.filter_value_and_grad(loss)(model, x)


RAISES = [(crashes, "TypeError")]
RUNS = [works]
