# Variant of: tests/reports/churn_cwk-static-temperature-new-value-each-step.py
# Class: 5 (a new value at a static position on every iteration)
# Rule: JG302
# Axis: (d) the jitted function is bound with `functools.partial` to the logits once, and the
# partial is called in the loop with the step's temperature by keyword.
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("temperature",))
def scaled_logits(logits, temperature):
    return jax.nn.softmax(logits / temperature)


@partial(jax.jit, static_argnames=("mode",))
def forward(x, mode):
    if mode == "train":
        return x * 2
    return x ** 2


# --- must be flagged ---


def anneal(n):
    apply = partial(scaled_logits, jnp.array([1.0, 2.0, 3.0]))
    out = []
    for step in range(n):
        out.append(apply(temperature=0.9 ** step))  # expect: JG302
    return out


# --- must not be flagged ---


def train_then_eval(n):
    run = partial(forward, jnp.array([1.0, 2.0]))
    return [run(mode="train" if step % 2 == 0 else "eval") for step in range(n)]


GROWS = [anneal]
BOUNDED = [train_then_eval]
