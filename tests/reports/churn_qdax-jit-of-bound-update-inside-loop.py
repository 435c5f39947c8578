# Report: adaptive-intelligent-robotics/QDax#122 https://github.com/adaptive-intelligent-robotics/QDax/pull/122 (fixes QDax#94 "Map Elites questions")
# Class: 6 (churn from call structure: `jax.jit` of a bound method, applied again on every iteration)
# Rule: JG301
# Reduced: the MAP-Elites notebook ran `repertoire, emitter_state, metrics, random_key =
# jax.jit(map_elites.update)(...)` inside its main `for` loop; the user saw every iteration take
# seconds ("I feel like something is being re-jitted"). The PR "Fix consecutive jits of same
# method in for loops" hoists `update_fn = jax.jit(map_elites.update)` above the loop. Each
# `map_elites.update` access makes a new bound-method object, and `jax.jit` of it starts with an
# empty cache (checked on JAX 0.10.2: one compile per iteration). The emitter, scoring function
# and repertoire are reduced to one array and a scale held by the object.
import jax
import jax.numpy as jnp


class MAPElites:
    def __init__(self, scale):
        self.scale = scale

    def update(self, repertoire, random_key):
        random_key, subkey = jax.random.split(random_key)
        offspring = repertoire + self.scale * jax.random.normal(subkey, repertoire.shape)
        return jnp.maximum(repertoire, offspring), random_key


# --- must be flagged ---


def run_notebook(num_iterations):
    map_elites = MAPElites(0.1)
    repertoire, random_key = jnp.zeros(8), jax.random.PRNGKey(0)
    for _ in range(num_iterations):
        repertoire, random_key = jax.jit(map_elites.update)(repertoire, random_key)  # expect: JG301
    return repertoire


# --- must not be flagged ---


def run_notebook_fixed(num_iterations):
    map_elites = MAPElites(0.1)
    update_fn = jax.jit(map_elites.update)
    repertoire, random_key = jnp.zeros(8), jax.random.PRNGKey(0)
    for _ in range(num_iterations):
        repertoire, random_key = update_fn(repertoire, random_key)
    return repertoire


GROWS = [run_notebook]
BOUNDED = [run_notebook_fixed]
