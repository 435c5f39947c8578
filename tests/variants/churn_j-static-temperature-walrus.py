# Variant of: tests/reports/churn_cwk-static-temperature-new-value-each-step.py
# Class: 5 (a new value at a static position on every iteration)
# Rule: JG302
# Axis: (j) the temperature is annealed by a walrus inside the call (`temperature=(t := t * 0.9)`),
# the value carried from one iteration to the next.
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("temperature",))
def scaled_logits(logits, temperature):
    return jax.nn.softmax(logits / temperature)


@jax.jit
def scaled_logits_traced(logits, temperature):
    return jax.nn.softmax(logits / temperature)


# --- must be flagged ---


def anneal(n):
    logits, t = jnp.array([1.0, 2.0, 3.0]), 1.0
    out = []
    for _ in range(n):
        out.append(scaled_logits(logits, temperature=(t := t * 0.9)))  # expect: JG302
    return out


# --- must not be flagged ---


def anneal_traced(n):
    logits, t = jnp.array([1.0, 2.0, 3.0]), 1.0
    out = []
    for _ in range(n):
        out.append(scaled_logits_traced(logits, (t := t * 0.9)))
    return out


GROWS = [anneal]
BOUNDED = [anneal_traced]
