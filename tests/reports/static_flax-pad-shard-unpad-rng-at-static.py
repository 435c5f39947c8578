# Report: google/flax#2410 https://github.com/google/flax/issues/2410
# Class: 5 (what reaches a static position: a PRNG key)
# Rule: JG203
# Reduced: `train_step = jax_utils.pad_shard_unpad(train_step, static_argnums=(0, 1), ...)` fails
# with "Non-hashable static arguments are not supported ... DeviceArray, [ 0 42]": the user was
# "mistakenly passing rng which is jax.random.PRNGKey(seed)" at a static position. Flax's wrapper
# is replaced by `jax.jit` with the static position of the metric argument. Fix (the answer's):
# arrays go to traced positions; only the hashable metric name stays static.
import jax
import jax.numpy as jnp


def train_step(state, metric, batch):
    loss = jnp.mean((batch @ state) ** 2)
    return state - 0.1 * loss, {metric: loss}


# --- must be flagged ---


def bug():
    step = jax.jit(train_step, static_argnums=(1,))
    rng = jax.random.PRNGKey(42)
    return step(jnp.ones(3), rng, jnp.ones((4, 3)))  # expect: JG203


# --- must not be flagged ---


def train_step_rng(state, rng, batch, metric):
    noise = 0.01 * jax.random.normal(rng, batch.shape)
    return train_step(state, metric, batch + noise)


def fixed():
    step = jax.jit(train_step_rng, static_argnames=("metric",))
    return step(jnp.ones(3), jax.random.PRNGKey(42), jnp.ones((4, 3)), metric="loss")


RAISES = [(bug, "ValueError")]
RUNS = [fixed]
