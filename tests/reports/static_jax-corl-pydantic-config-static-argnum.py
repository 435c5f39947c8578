# Report: nissymori/JAX-CORL#59 https://github.com/nissymori/JAX-CORL/pull/59
# Class: 5 (what reaches a static position: a config model that defines `__eq__` but no `__hash__`)
# Rule: JG203
# Reduced: "[Improve] Make config hashable ... to be specified as static argnums in jax.jit": the
# TD3-BC trainer (a NamedTuple of train states) has `@partial(jax.jit, static_argnums=(3,))
# def update_n_times(agent, data, rng, config)` and the training loop calls
# `agent.update_n_times(dataset, update_rng, config)` with `config = TD3BCConfig(**conf_dict)`, a
# pydantic `BaseModel`; pydantic models compare by value and, not being frozen, are unhashable,
# so jit rejects the static argument. pydantic/flax/optax are not installed: `BaseModel` is a
# small class with pydantic's value `__eq__`, the train states are parameter arrays, the updates
# gradient steps. Fix (the PR's): `def __hash__(self): return hash(self.__repr__())` in the
# config class.
from functools import partial
from typing import NamedTuple

import jax
import jax.numpy as jnp


class BaseModel:
    def __init__(self, **data):
        for name, default in type(self).__dict__.items():
            if not name.startswith("_") and not callable(default):
                setattr(self, name, data.get(name, default))

    def __eq__(self, other):
        return type(self) is type(other) and self.__dict__ == other.__dict__

    def __repr__(self):
        return f"{type(self).__name__}({self.__dict__!r})"


class Transition(NamedTuple):
    observations: jnp.ndarray
    actions: jnp.ndarray


class TD3BCTrainer(NamedTuple):
    actor: jnp.ndarray
    critic: jnp.ndarray

    @partial(jax.jit, static_argnums=(3,))
    def update_n_times(agent, data, rng, config):
        for _ in range(config.n_jitted_updates):
            rng, batch_rng = jax.random.split(rng, 2)
            batch_idx = jax.random.randint(batch_rng, (config.batch_size,), 0, len(data.observations))
            batch = jax.tree.map(lambda x: x[batch_idx], data)
            critic = agent.critic - config.critic_lr * jnp.mean(batch.observations)
            actor = agent.actor - config.actor_lr * jnp.mean(batch.actions)
            agent = agent._replace(actor=actor, critic=critic)
        return agent


DATASET = Transition(jnp.ones((32, 3)), jnp.ones((32, 2)))

# --- must be flagged ---


class TD3BCConfig(BaseModel):
    seed = 42
    batch_size = 8
    n_jitted_updates = 2
    critic_lr = 1e-3
    actor_lr = 1e-3


def train():
    config = TD3BCConfig(batch_size=8)
    agent = TD3BCTrainer(jnp.zeros(2), jnp.zeros(3))
    rng = jax.random.PRNGKey(config.seed)
    rng, update_rng = jax.random.split(rng)
    agent = agent.update_n_times(DATASET, update_rng, config)  # expect: JG203
    return agent


# --- must not be flagged ---


class TD3BCConfigHashable(BaseModel):
    seed = 42
    batch_size = 8
    n_jitted_updates = 2
    critic_lr = 1e-3
    actor_lr = 1e-3

    def __hash__(self):  # make config hashable to be specified as static_argnums in jax.jit.
        return hash(self.__repr__())


def train_hashable():
    config = TD3BCConfigHashable(batch_size=8)
    agent = TD3BCTrainer(jnp.zeros(2), jnp.zeros(3))
    rng = jax.random.PRNGKey(config.seed)
    rng, update_rng = jax.random.split(rng)
    agent = agent.update_n_times(DATASET, update_rng, config)
    return agent


RAISES = [(train, "ValueError")]
RUNS = [train_hashable]
