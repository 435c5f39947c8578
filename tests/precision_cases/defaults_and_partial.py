"""Defaults no caller passes, and arguments bound with functools.partial, stay Python values.

A parameter of a transformed function is traced only when the transform passes it: a default that
no call site (here: every caller is in this module) overrides, or a keyword bound with
`functools.partial` before the transform (`jax.jit`, `jax.pmap`, `lax.map`, `lax.cond`), is the
Python value itself.

Seen as: chex `foo(x, y, flag=True)` under `jax.pmap`; numpyro `_find_valid_params(rng_key,
exit_early=False)` under `lax.map`; jax-md `partial(neighbor_fn, max_occupancy=...)` under
`lax.cond`.
"""

import functools

import jax
import jax.numpy as jnp
from jax import lax


def local_defaults():
    def foo(x, y, flag=True):
        return (x * 2) + y if flag else (x + y)

    n = jax.local_device_count()
    inputs = jnp.ones((n, 2))
    default_foo = jax.jit(jax.pmap(foo))
    overridden = jax.jit(jax.pmap(functools.partial(foo, flag=False)))
    return default_foo(inputs, inputs), overridden(inputs, inputs)


def mapped_with_default(keys):
    def find(key, exit_early=False):
        value = jax.random.uniform(key)
        if exit_early and value > 0.5:
            return value
        return value * 2

    return lax.map(find, keys)


def cond_with_partial(x, capacity):
    def rebuild(x, max_occupancy=None):
        if max_occupancy is None:
            max_occupancy = int(x.shape[0] // 2)
        return x[:max_occupancy].sum()

    keep = lambda x: x.sum()
    rebuild = functools.partial(rebuild, max_occupancy=capacity)
    return lax.cond(x[0] > 0, rebuild, keep, x)


RUNS = [
    local_defaults,
    lambda: mapped_with_default(jax.random.split(jax.random.key(0), 3)),
    lambda: jax.jit(cond_with_partial, static_argnums=1)(jnp.ones(6), 3),
]
