"""`jax.jit(f)` re-created in a loop compiles once when `f` is the same object each time: a
module-level function, a function stored in a NamedTuple field or an attribute (the closures an
optimizer or a transformed model carries), a module attribute. Only bound methods and lambdas (new
objects on every evaluation) miss the cache.

Seen as: brax `jax.jit(pipeline.step)` in a 500-step loop; jraph `jax.jit(net.apply)`; optax
`jax.jit(optimizer.update)` and `jax.jit(noise.update)` in test loops.
"""

import types
from typing import Callable, NamedTuple

import jax
import jax.numpy as jnp


class Transformation(NamedTuple):
    init: Callable
    update: Callable


def scale(factor):
    def init(params):
        return jnp.zeros_like(params)

    def update(grads, state):
        return grads * factor, state + 1

    return Transformation(init, update)


def step(x):
    return x * 0.5


pipeline = types.SimpleNamespace(step=step)


def train(n):
    opt = scale(0.1)
    x = jnp.ones(3)
    state = jax.jit(opt.init)(x)
    for _ in range(n):
        upd, state = jax.jit(opt.update)(x, state)
        x = jax.jit(step)(x - upd)
        x = jax.jit(pipeline.step)(x)
    return x


RUNS = [lambda: train(3)]
BOUNDED = [train]
