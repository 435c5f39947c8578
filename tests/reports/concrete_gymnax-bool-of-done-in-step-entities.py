# Report: RobertTLange/gymnax#83 https://github.com/RobertTLange/gymnax/issues/83
# Class: 4 (Python on traced values two calls away: `bool()` in a helper of the jitted step)
# Rule: JG104
# Reduced: MinAtar Asterix: the jitted `Environment.step` calls `step_env`, which calls
# `step_entities(state)`; that helper accumulates `done` from traced collisions and returned
# `bool(done > 0)`, raising TracerBoolConversionError (asterix.py:335 in the traceback). The
# environment keeps the first collision loop of `step_entities` and the step chain; EnvState is a
# NamedTuple (gymnax uses a flax struct dataclass), the step's other parts are left out. Fix: the
# library's current line, `jnp.bool_(done > 0)`.
import functools
from typing import NamedTuple

import jax
import jax.numpy as jnp


class EnvState(NamedTuple):
    player_x: jax.Array
    player_y: jax.Array
    entities: jax.Array


# --- must be flagged ---


def step_entities(state):
    done, reward = 0, jnp.array(0)
    entities = state.entities
    for i in range(8):
        x = entities[i]
        slot_filled = x[4] != 0
        coords = jnp.logical_and(x[0] == state.player_x, x[1] == state.player_y)
        collision = jnp.logical_and(coords, slot_filled)
        collision_gold = jnp.logical_and(collision, x[3])
        reward += collision_gold
        entities = entities.at[i].set(x * (1 - collision_gold))
        collision_enemy = jnp.logical_and(collision, 1 - x[3])
        done += collision_enemy
    return state._replace(entities=entities), reward, bool(done > 0)  # expect: JG104


class MinAsterix:
    def step_env(self, key, state, action):
        state, reward, done = step_entities(state)
        return state, reward, done

    @functools.partial(jax.jit, static_argnums=(0,))
    def step(self, key, state, action):
        return self.step_env(key, state, action)


def initial_state():
    entities = jnp.zeros((8, 5), jnp.int32).at[0].set(jnp.array([3, 4, 1, 0, 1]))
    return EnvState(jnp.array(3), jnp.array(4), entities)


def bug():
    return MinAsterix().step(jax.random.PRNGKey(0), initial_state(), 0)


# --- must not be flagged ---


def step_entities_fixed(state):
    done, reward = 0, jnp.array(0)
    entities = state.entities
    for i in range(8):
        x = entities[i]
        slot_filled = x[4] != 0
        coords = jnp.logical_and(x[0] == state.player_x, x[1] == state.player_y)
        collision = jnp.logical_and(coords, slot_filled)
        collision_gold = jnp.logical_and(collision, x[3])
        reward += collision_gold
        entities = entities.at[i].set(x * (1 - collision_gold))
        collision_enemy = jnp.logical_and(collision, 1 - x[3])
        done += collision_enemy
    return state._replace(entities=entities), reward, jnp.bool_(done > 0)


class MinAsterixFixed(MinAsterix):
    def step_env(self, key, state, action):
        state, reward, done = step_entities_fixed(state)
        return state, reward, done


def fixed():
    return MinAsterixFixed().step(jax.random.PRNGKey(0), initial_state(), 0)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
