"""Truthiness of a container is static: `if limits:` on a tuple of arrays, `extras or {}` on a
dict (or None) of arrays test the length, not the arrays.

Seen as: brax `if limit:` on a `(lo, hi)` tuple under `vmap`; jumanji `extras = extras or {}` with
`extras: Optional[Dict]` under `jit`.
"""

from typing import Dict, Optional

import jax
import jax.numpy as jnp


def clamp(x, limit):
    if limit:
        x = jnp.clip(x, limit[0], limit[1])
    return x


def clamp_all(xs, los, his):
    return jax.vmap(clamp)(xs, (los, his))


def transition(reward, extras: Optional[Dict] = None):
    extras = extras or {}
    return reward, extras


def termination(reward, extras: Optional[Dict] = None):
    extras = extras or {}
    return -reward, extras


@jax.jit
def step(reward, info, done):
    extras = {"info": info}
    return jax.lax.cond(
        done,
        lambda reward, extras: termination(reward, extras),
        lambda reward, extras: transition(reward, extras),
        reward,
        extras,
    ), transition(reward)


RUNS = [
    lambda: clamp_all(jnp.ones((3, 2)), -jnp.ones((3, 2)), jnp.ones((3, 2))),
    lambda: step(jnp.ones(()), jnp.ones(2), True),
]
