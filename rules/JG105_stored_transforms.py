"""JG105 through a transform stored on the instance: `self.grad = jax.value_and_grad(self.loss)`.

A transform (or `functools.partial`) of a method that `__init__` stores once on a plain object is
that method wrapped: a jitted method calling `self.grad(...)` runs `loss` in jit's trace (grad and
vmap stage their function into the trace around them), with the arguments it passes, as the
inline `jax.value_and_grad(self.loss)(...)` does. A slice whose bound is read from a traced
argument there has no static size (IndexError, JAX 0.10.2). A mask instead of the slice, or a
bound read from a static value, is legal.
"""

from functools import partial

import jax
import jax.numpy as jnp

# --- must be flagged -------------------------------------------------------------------------


class Fitter:
    def __init__(self, scale):
        self.scale = scale
        self.grad = jax.value_and_grad(self.loss)
        self.tail_sum = partial(self.tail, 2.0)

    def loss(self, w, ys, start):
        first = start[0]
        return jnp.sum((ys[first:] * w) ** 2)  # expect: JG105

    def tail(self, factor, ys, start):
        return factor * jnp.sum(ys[start:])  # expect: JG105

    @partial(jax.jit, static_argnums=0)
    def step(self, w, ys, start):
        return self.grad(w, ys, start)

    @partial(jax.jit, static_argnums=0)
    def summary(self, ys, start):
        return self.tail_sum(ys, start)


def fit_with_traced_start():
    return Fitter(1.0).step(1.0, jnp.arange(5.0), jnp.array([2]))


def tail_with_traced_start():
    return Fitter(1.0).summary(jnp.arange(5.0), jnp.int32(2))


# --- must not be flagged ---------------------------------------------------------------------


class MaskedFitter:
    def __init__(self, scale):
        self.scale = scale
        self.grad = jax.value_and_grad(self.loss)

    def loss(self, w, ys, start):
        keep = jnp.arange(ys.shape[0]) >= start[0]  # a mask: static shape
        return jnp.sum(jnp.where(keep, ys * w, 0.0) ** 2)

    @partial(jax.jit, static_argnums=0)
    def step(self, w, ys, start):
        return self.grad(w, ys, start)


class StaticStartFitter:
    def __init__(self, start):
        self.start = start
        self.grad = jax.value_and_grad(self.loss)

    def loss(self, w, ys):
        return jnp.sum((ys[self.start:] * w) ** 2)  # a Python int from the static self

    @partial(jax.jit, static_argnums=0)
    def step(self, w, ys):
        return self.grad(w, ys)


def fit_masked():
    return MaskedFitter(1.0).step(1.0, jnp.arange(5.0), jnp.array([2]))


def fit_static_start():
    return StaticStartFitter(2).step(1.0, jnp.arange(5.0))


RAISES = [(fit_with_traced_start, "IndexError"), (tail_with_traced_start, "IndexError")]
RUNS = [fit_masked, fit_static_start]
