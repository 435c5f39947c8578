"""A tuple built as ``(a, b, *rest)``: the positions before the starred element are the values
written there, whatever ``rest`` is.

``return env, mode, continuous, *_reset_envs(env, rng)`` puts the static ``env``, ``mode`` and
``continuous`` (set up from static arguments) at positions 0-2, and the traced key and
observations after them; unpacking ``env, mode, continuous, key, obs = helper(...)`` binds each
target to its own position (Python unpacks element by element; only the starred part's length is
unknown to the reader, not where the leading elements go). So ``continuous`` is a Python bool
(a conditional expression on it picks a branch at trace time) and a length computed from ``env``
is a Python int (``lax.scan(..., length=steps)``); checked on JAX 0.10.2. When the starred part
is itself a tuple whose positions are known, every position is.

Seen as (held-out 6): an RL package's evaluation (`@partial(jax.jit, static_argnames=[...])`)
resets its environment through a helper returning `(env, mode, continuous, *_reset_envs(...))`,
where `_reset_envs` returns `(key, *reset(...))`, and passes `continuous` to the policy's
`pi.mean() if continuous else pi.mode()` and a step bound computed from `env` to `lax.scan`.
"""

from functools import partial

import jax
import jax.numpy as jnp


class Env:
    def __init__(self, steps, continuous):
        self.steps = steps
        self.continuous = continuous

    def reset(self, key, n):
        return jax.random.normal(key, (n,)), jnp.zeros((n,))


def _setup(env, n):
    return env, n > 1, env.continuous


def _reset_envs(env, n, rng):
    key, sub = jax.random.split(rng)
    return (key, *env.reset(sub, n))


def _reset_eval_env(env, n, rng):
    env, batched, continuous = _setup(env, n)
    return env, batched, continuous, *_reset_envs(env, n, rng)


def _known_tail(env, n, rng):
    key, sub = jax.random.split(rng)
    return env.steps, *(key, sub)


def _policy(obs, continuous):
    def act(o):
        return jnp.tanh(o) if continuous else jnp.sign(o)

    return act(obs)


@partial(jax.jit, static_argnames=["env", "n"])
def evaluate(env, n, rng):
    env, batched, continuous, key, obs, state = _reset_eval_env(env, n, rng)
    steps = env.steps * 2 if batched else env.steps

    def body(carry, _):
        obs, total = carry
        action = _policy(obs, continuous)
        return (obs + 0.1 * action, total + jnp.sum(action)), None

    (obs, total), _ = jax.lax.scan(body, (obs, state.sum()), None, length=steps)
    return total + jax.random.uniform(key)


@partial(jax.jit, static_argnames=["env", "n"])
def known(env, n, rng):
    steps, key, sub = _known_tail(env, n, rng)
    out, _ = jax.lax.scan(lambda c, _: (c + 1.0, None), jax.random.uniform(key), None, length=steps)
    return out + jax.random.uniform(sub)


RUNS = [
    lambda: evaluate(Env(3, True), 4, jax.random.key(0)),
    lambda: evaluate(Env(2, False), 1, jax.random.key(1)),
    lambda: known(Env(3, True), 4, jax.random.key(0)),
]
