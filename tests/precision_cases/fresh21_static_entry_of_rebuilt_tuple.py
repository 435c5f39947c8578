"""A tuple of a jitted function's arguments rebuilt on every epoch (`args = (model, betas[epoch],
...)`) and spread into the call (`step(state, batch, *args)`): the positions the tuple fills
that are static (`model`, `use_capacity`) get its entries at those positions, which are the same
objects every epoch; only the traced entries (the schedule's values) change. JAX's cache compares
static arguments by `==` and hash, so every call after the first hits the cache: one compile
whatever the number of epochs (a list display read at literal indices behaves the same).

Seen as: the twenty-first held-out set's VAE trainer (docs/precision.md, "Twenty-first held-out
set"): a `train_args` tuple of the model, a beta schedule entry, flags and capacities rebuilt per
epoch and spread into a jitted training step with the model and a flag static (JG302 before).
"""

import functools

import jax
import jax.numpy as jnp


class Decoder:  # compared by identity, like any object without __eq__ at a static position
    def __init__(self, width):
        self.width = width


@functools.partial(jax.jit, static_argnames=("model", "use_capacity"))
def train_step(state, x, model, beta, use_capacity, capacity):
    scale = 2.0 if use_capacity else 1.0
    return state + x.sum() * beta * model.width * scale + capacity


def fit(n, use_capacity=True):
    state, model = jnp.zeros(()), Decoder(3.0)
    betas = [0.1 * (e + 1) for e in range(n)]
    for epoch in range(n):
        train_args = (model, betas[epoch], use_capacity, 0.5 * epoch)
        for _batch in range(2):
            state = train_step(state, jnp.ones(3), *train_args)
    return state


def fit_list(n):
    state, model = jnp.zeros(()), Decoder(2.0)
    for epoch in range(n):
        opts = [model, 1.0 / (epoch + 1), False, -1.0]
        state = train_step(state, jnp.ones(3), opts[0], opts[1], use_capacity=opts[-2], capacity=opts[3])
    return state


RUNS = [lambda: fit(3), lambda: fit_list(3)]
BOUNDED = [fit, fit_list]
