"""The true look-alike of `fresh21_static_entry_of_rebuilt_tuple.py`: the entry of the rebuilt
tuple at a static position is itself computed from the loop (a new width each epoch), so each
epoch is a new static value and a new compile, spread or read by index alike.
"""

import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnames=("width", "use_capacity"))
def train_step(state, x, width, beta, use_capacity):
    return state + x.sum() * beta * width * (2.0 if use_capacity else 1.0)


def fit(n):
    state = jnp.zeros(())
    for epoch in range(n):
        train_args = (8 * (epoch + 1), 0.1 * epoch, True)
        state = train_step(state, jnp.ones(3), *train_args)  # expect: JG302
    return state


def fit_list(n):
    state = jnp.zeros(())
    for epoch in range(n):
        opts = [0.1, 1.0 / (epoch + 1)]
        state = train_step(state, jnp.ones(3), 4, opts[0], use_capacity=opts[-1] > 0.3)
        state = train_step(state, jnp.ones(3), opts[1], 0.5, True)  # expect: JG302
    return state


RUNS = [lambda: fit(3), lambda: fit_list(3)]
GROWS = [fit, fit_list]
