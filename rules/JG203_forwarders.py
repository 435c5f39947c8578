"""JG203 unhashable-static-argument, through a forwarder a factory returns: examples that must and must not be flagged.

A factory that makes a jitted def with static positions and returns a `*args` forwarder into it
(`g = factory(f, ...)`, or `@factory def g`), or returns the jit itself: a call of `g` runs the forwarder's body on the
call's arguments, and what the body builds at a static position is hashed by the jit, at the
forwarder's call of it. A NumPy array is not a `jax.Array`, so a forwarder that splits its
arguments by `isinstance(a, jax.Array)` puts it in the static tuple (ValueError, unhashable); a
tracer wrapped in a class whose `__hash__` converts it (`int(...)`) raises when the caller is
traced (ValueError). A JAX array goes to the traced part, and the wrapper's hash runs on a
concrete array outside a trace.
"""

from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


class Keyed:
    def __init__(self, data):
        self.data = data

    def __hash__(self):
        return int(jnp.max(self.data))

    def __eq__(self, other):
        return isinstance(other, Keyed) and bool(jnp.all(self.data == other.data))


def scaled(x, table):
    return x * jnp.sum(table)


# --- must be flagged -------------------------------------------------------------------------


def split_jit(fn):
    def forward(*args):
        rest = tuple(None if isinstance(a, jax.Array) else a for a in args)
        arrays = tuple(a if isinstance(a, jax.Array) else None for a in args)
        return run(arrays, rest)  # expect: JG203

    @partial(jax.jit, static_argnums=(1,))
    def run(arrays, rest):
        merged = map(lambda a, r: a if r is None else r, arrays, rest)
        return fn(*merged)

    return forward


@split_jit
def weighted(w, x):
    return w * jnp.mean(x)


def numpy_batch():
    batch = np.random.default_rng(0).normal(0.0, 1.0, size=8)
    return weighted(jnp.ones(2), batch)


def keyed_jit(fn, keyed=()):
    @partial(jax.jit, static_argnums=keyed)
    def run(*args):
        return fn(*(a.data if i in keyed else a for i, a in enumerate(args)))

    def forward(*args):
        args = list(args)
        for k in keyed:
            args[k] = Keyed(args[k])
        return run(*args)  # expect: JG203

    return forward


scaled_keyed = keyed_jit(scaled, keyed=(1,))


@jax.jit
def traced_table(x):
    table = jnp.arange(4.0) + 1.0
    return scaled_keyed(x, table)


def traced_caller():
    return traced_table(jnp.float32(2.0))


def jit_with(fn, statics=()):
    return jax.jit(fn, static_argnums=statics)


def reshaped(x, shape):
    return jnp.reshape(x, shape)


reshape_to = jit_with(reshaped, statics=(1,))


def shape_as_list():
    return reshape_to(jnp.arange(6.0), [2, 3])  # expect: JG203


# --- must not be flagged ---------------------------------------------------------------------


@split_jit
def weighted_traced(w, x):
    return w * jnp.mean(x)


def converted_batch():
    batch = np.random.default_rng(0).normal(0.0, 1.0, size=8)
    return weighted_traced(jnp.ones(2), jnp.asarray(batch))


scaled_wrapped = keyed_jit(scaled, keyed=(1,))


def concrete_table():
    return scaled_wrapped(jnp.float32(2.0), jnp.arange(4.0) + 1.0)


def shape_as_tuple():
    return reshape_to(jnp.arange(6.0), (3, 2))


RAISES = [(numpy_batch, "ValueError"), (traced_caller, "ValueError"), (shape_as_list, "ValueError")]
RUNS = [converted_batch, concrete_table, shape_as_tuple]
