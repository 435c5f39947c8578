# Report: https://openillumi.com/?p=112064 (Stack Overflow question, retold: Equinox module and jax.lax.scan, "TypeError: unhashable type: 'ArrayImpl'")
# Class: 5 (what reaches a static position: an object holding arrays where JAX hashes the function)
# Rule: JG203
# Reduced: an `eqx.Module` with array fields `A`, `B`, ... and a `__call__(self, states, inputs)`
# step is passed straight to `jax.lax.scan(model, x0, inputs)`, which raises `TypeError:
# unhashable type: 'ArrayImpl'`: `scan` caches its traced body keyed by the function, and the
# module hashes its fields, arrays included. Fix (the answer's): wrap the call in a lambda,
# `jax.lax.scan(lambda xk, uk: model(xk, uk), x0, inputs)`.
import equinox as eqx
import jax
import jax.numpy as jnp


class EqxModel(eqx.Module):
    A: jax.Array
    B: jax.Array

    def __call__(self, states, inputs):
        x_next = self.A @ states + self.B * inputs
        return x_next, x_next


# --- must be flagged ---


def simulate():
    model = EqxModel(jnp.eye(2), jnp.ones(2))
    x0 = jnp.zeros(2)
    inputs = jnp.arange(3.0)
    xk, outputs = jax.lax.scan(model, x0, inputs)  # expect: JG203
    return outputs


# --- must not be flagged ---


def simulate_wrapped():
    model = EqxModel(jnp.eye(2), jnp.ones(2))
    x0 = jnp.zeros(2)
    inputs = jnp.arange(3.0)
    xk, outputs = jax.lax.scan(lambda xk, uk: model(xk, uk), x0, inputs)
    return outputs


RAISES = [(simulate, "TypeError")]
RUNS = [simulate_wrapped]
