# Report: kuds/mesozoic-labs#417 https://github.com/kuds/mesozoic-labs/pull/417
# Class: 6 (churn: `jax.jit(jax.vmap(self.method))` written inside an update method that every rollout calls)
# Rule: JG301
# Reduced: "Extracted the vmapped bootstrap sampler into a reusable `_batched_bootstrap` JIT
# function to avoid re-tracing on each update." The PPO trainer's update wrapped the value
# bootstrap of the last observations in `jax.jit(jax.vmap(...))` each time it ran: `jax.vmap`
# of a bound method returns a new function object, and `jax.jit` caches on the function's
# identity, so every update traced and compiled the bootstrap again (checked on JAX 0.10.2). Fix
# (the PR's): build the jitted, vmapped bootstrap once, in `__init__`, and call it from update.
import jax
import jax.numpy as jnp


class Critic:
    def __init__(self, gamma=0.99):
        self.gamma = gamma

    def value(self, params, obs):
        return jnp.tanh(obs @ params["w"]).sum() + params["b"]


# --- must be flagged ---


class Trainer(Critic):
    def update(self, params, last_obs, rewards):
        bootstrap = jax.jit(jax.vmap(self.value, in_axes=(None, 0)))(params, last_obs)  # expect: JG301
        return rewards + self.gamma * bootstrap


def train(n):
    trainer = Trainer()
    params = {"w": jnp.ones((3, 2)) * 0.1, "b": jnp.zeros(())}
    last_obs = jnp.ones((5, 3))
    rewards = jnp.ones(5)
    return [trainer.update(params, last_obs, rewards) for _ in range(n)]


# --- must not be flagged ---


class CachedTrainer(Critic):
    def __init__(self, gamma=0.99):
        super().__init__(gamma)
        self._batched_bootstrap = jax.jit(jax.vmap(self.value, in_axes=(None, 0)))

    def update(self, params, last_obs, rewards):
        return rewards + self.gamma * self._batched_bootstrap(params, last_obs)


def train_cached(n):
    trainer, params = CachedTrainer(), {"w": jnp.full((3, 2), 0.1), "b": jnp.zeros(())}
    return [trainer.update(params, jnp.ones((5, 3)), jnp.ones(5)) for _ in range(n)]


GROWS = [train]
BOUNDED = [train_cached]
