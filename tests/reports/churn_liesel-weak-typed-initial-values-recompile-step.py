# Report: liesel-devs/liesel#364 https://github.com/liesel-devs/liesel/issues/364
# Class: 6 (churn that comes from data: a weakly typed state leaf becomes strongly typed)
# Rule: JG304; the closest rule (scalar type churn), opt-in; here weakly typed initial values become strongly typed after the first step
# Reduced: "Conversion to strongly typed values" (continuing PR #359, which made
# `jnp.asarray` the default conversion of node values): variables created from Python scalars
# (`lsl.Var.new_value(1.0)`) hold weakly typed arrays; "the weak types will not survive as
# output from a jit compiled function. As the step function outputs the updated state, it
# removes the weak flags. thus, the next time the function is called ... a second compilation
# is triggered." Fix from the thread: `to_strong_jax(x) = jnp.asarray(x, dtype=jnp.asarray(x).dtype)`.
# The sampler's step is written as a Langevin-style step (gradient plus Gaussian noise) on a
# Gaussian log-likelihood.
import jax
import jax.numpy as jnp

y = jnp.linspace(-1.0, 2.0, 20)


def log_lik(position):
    return jnp.sum(-0.5 * ((y - position["mu"]) / jnp.exp(position["log_sigma"])) ** 2 - position["log_sigma"])


# --- must be flagged ---


def convert(x):
    return jnp.asarray(x)


@jax.jit
def step(position, key):
    grads = jax.grad(log_lik)(position)
    keys = dict(zip(position, jax.random.split(key, len(position))))
    return {k: position[k] + 0.01 * grads[k] + 0.1 * jax.random.normal(keys[k]) for k in position}


def run():
    position = {"mu": convert(0.0), "log_sigma": convert(1.0)}
    for i in range(4):
        position = step(position, jax.random.PRNGKey(i))  # expect: JG304
    return position


# --- must not be flagged ---


def to_strong_jax(x):
    return jnp.asarray(x, dtype=jnp.asarray(x).dtype)


@jax.jit
def step_fixed(position, key):
    grads = jax.grad(log_lik)(position)
    keys = dict(zip(position, jax.random.split(key, len(position))))
    return {k: position[k] + 0.01 * grads[k] + 0.1 * jax.random.normal(keys[k]) for k in position}


def run_fixed():
    position = {"mu": to_strong_jax(0.0), "log_sigma": to_strong_jax(1.0)}
    for i in range(4):
        position = step_fixed(position, jax.random.PRNGKey(i))
    return position


COMPILES = [(run, "step", 2), (run_fixed, "step_fixed", 1)]
