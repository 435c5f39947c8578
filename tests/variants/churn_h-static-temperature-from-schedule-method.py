# Variant of: tests/reports/churn_cwk-static-temperature-new-value-each-step.py
# Class: 5 (a new value at a static position on every iteration)
# Rule: JG302
# Axis: (h) the temperature comes from a method of a schedule object (`schedule.at(step)`, a
# dataclass holding the start value), called with the loop's step.
import dataclasses
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("temperature",))
def scaled_logits(logits, temperature):
    return jax.nn.softmax(logits / temperature)


@jax.jit
def scaled_logits_traced(logits, temperature):
    return jax.nn.softmax(logits / temperature)


@dataclasses.dataclass
class Schedule:
    start: float = 1.0
    decay: float = 0.9

    def at(self, step):
        return self.start * self.decay ** step


# --- must be flagged ---


def anneal(n):
    logits, schedule = jnp.array([1.0, 2.0, 3.0]), Schedule()
    out = []
    for step in range(n):
        out.append(scaled_logits(logits, temperature=schedule.at(step)))  # expect: JG302
    return out


# --- must not be flagged ---


def anneal_traced(n):
    logits, schedule = jnp.array([1.0, 2.0, 3.0]), Schedule()
    return [scaled_logits_traced(logits, schedule.at(step)) for step in range(n)]


GROWS = [anneal]
BOUNDED = [anneal_traced]
