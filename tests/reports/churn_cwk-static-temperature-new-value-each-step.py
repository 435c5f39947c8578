# Report: https://www.creativeworksofknowledge.com/cwk-quests/jax-quest/jit/3/ (tutorial page, JAX quest, jit part 3: static_argnames and lax.cond)
# Class: 5 (what reaches a static position: a float that changes every step)
# Rule: JG302
# Reduced: the page marks `mode` static with `static_argnames=("mode",)` ("train" and "eval": two
# compiles, then cache hits) and warns that every new value of a static argument is a new
# compile: called with too many different values the cache explodes and looks like a memory
# leak. Here a sampler marks its temperature static and anneals it every step: each step a new
# float, a new compile. The fix passes the temperature as a traced argument; the page's own use
# (a mode that alternates between two strings) stays bounded.
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("temperature",))
def scaled_logits(logits, temperature):
    return jax.nn.softmax(logits / temperature)


@jax.jit
def scaled_logits_traced(logits, temperature):
    return jax.nn.softmax(logits / temperature)


@partial(jax.jit, static_argnames=("mode",))
def forward(x, mode):
    if mode == "train":
        return x * 2
    return x ** 2


# --- must be flagged ---


def anneal(n):
    logits = jnp.array([1.0, 2.0, 3.0])
    out = []
    for step in range(n):
        t = 1.0 * 0.9 ** step
        out.append(scaled_logits(logits, temperature=t))  # expect: JG302
    return out


# --- must not be flagged ---


def anneal_traced(n):
    logits = jnp.array([1.0, 2.0, 3.0])
    out = []
    for step in range(n):
        t = 1.0 * 0.9 ** step
        out.append(scaled_logits_traced(logits, t))
    return out


def train_then_eval(n):
    x = jnp.array([1.0, 2.0])
    return [forward(x, mode="train" if step % 2 == 0 else "eval") for step in range(n)]


GROWS = [anneal]
BOUNDED = [anneal_traced, train_then_eval]
