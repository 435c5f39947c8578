"""True look-alike of fresh6_tuple_positions_before_star: the value at a known position of
``(a, *rest)`` is traced, and its truth value is tested.

``return n > 1, *_reset(n, rng)`` then ``batched, key, obs = helper(...)``: ``obs`` is a traced
array, so ``if obs[0] > 0:`` raises TracerBoolConversionError (checked on JAX 0.10.2), and a
scan length taken from the starred part (``len`` of a traced key is fine, a traced value is not)
raises too. Only the leading positions are known exactly; those from the starred element on
keep the starred part's kind.
"""

from functools import partial

import jax
import jax.numpy as jnp


def _reset(n, rng):
    key, sub = jax.random.split(rng)
    return key, jax.random.normal(sub, (n,))


def _prepare(n, rng):
    return n > 1, *_reset(n, rng)


@partial(jax.jit, static_argnames=["n"])
def evaluate(n, rng):
    batched, key, obs = _prepare(n, rng)
    if obs[0] > 0:  # expect: JG101
        obs = -obs
    return obs * (2.0 if batched else 1.0) + jax.random.uniform(key)


RUNS = []
RAISES = [(lambda: evaluate(3, jax.random.key(0)), "TracerBoolConversionError")]
