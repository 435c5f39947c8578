"""Truthiness of a pytree dataclass instance is static: a dataclass without `__bool__` or
`__len__` is always true (and None always false), whatever arrays its fields hold, so
`if existing_prefix:` on an `Optional[SomeDataclass]` argument of a jitted function tests only
whether one was passed; JAX never converts a field.

Seen as (held-out): maxtext `MaxEngine.prefill_concat` (jitted): `if existing_prefix: raise
ValueError(...)` with `existing_prefix: ExistingPrefix | None = None`, a `flax.struct.dataclass`
of a kv-cache and a token array.
"""

import dataclasses
import functools
from typing import Optional

import jax
import jax.numpy as jnp


@functools.partial(jax.tree_util.register_dataclass, data_fields=["cache", "tokens"], meta_fields=[])
@dataclasses.dataclass
class Prefix:
    cache: jax.Array
    tokens: jax.Array


@jax.jit
def prefill(tokens, existing_prefix: Optional[Prefix] = None):
    if existing_prefix:
        tokens = jnp.concatenate([existing_prefix.tokens, tokens])
    if not existing_prefix:
        tokens = tokens + 0
    return tokens.sum()


RUNS = [
    lambda: prefill(jnp.ones(3)),
    lambda: prefill(jnp.ones(3), Prefix(jnp.zeros(2), jnp.ones(2))),
    lambda: prefill(jnp.ones(3), existing_prefix=Prefix(jnp.zeros(2), jnp.zeros(2))),
]
