"""True but intended (held-out 11): one compile per member of a pool, and one per benchmarked
batch size, each a different program on purpose.

* ``_compact_apply(member, rows)`` with the member descriptor at ``static_argnums=0``, called in a
  loop over the pool's ``members`` tuple: each distinct descriptor is one compile (JAX hashes it
  into the cache key), so a pool of 4 members compiles more than one of 2 (GROWS); the library
  hashes the descriptor on purpose ("keys mixed-path JAX compilation"), and a later step with the
  same pool hits the cache.
* ``jax.jit(play)`` of a closure ``speed`` makes anew per batch size, called once per size in the
  benchmark's loop: each call compiles a new program (4 sizes, 4 compiles), which the benchmark
  times on purpose (its ``first_call_seconds`` is "compile plus one run"); each size is a
  different shape, compiled anyway.

Seen as (held-out 11): a MARL benchmark's pool ``apply`` (``for index, (execution, owned) in
enumerate(zip(self.members, ...)): _compact_jax_apply(execution, ...)``) and its
``experiments/speed.py`` (1 finding each).
"""

from dataclasses import dataclass
from functools import partial

import jax
import jax.numpy as jnp


@dataclass(frozen=True)
class Member:
    scale: int


@partial(jax.jit, static_argnums=0)
def _compact_apply(member, rows):
    return rows * member.scale


@dataclass(frozen=True)
class Pool:
    members: tuple

    def apply(self, rows):
        return [_compact_apply(member, rows) for member in self.members]  # expect: JG302


def pool_of(n):
    return Pool(tuple(Member(k) for k in range(n))).apply(jnp.ones(3))


def speed(size):
    def play(x):
        return x * size

    compiled = jax.jit(play)  # expect: JG301
    return compiled(jnp.ones(size))


def benchmark(n):
    return [speed(size) for size in range(1, n + 1)]


GROWS = [pool_of, benchmark]
