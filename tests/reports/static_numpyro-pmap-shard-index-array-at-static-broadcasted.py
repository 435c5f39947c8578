# Report: pyro-ppl/numpyro#494 https://github.com/pyro-ppl/numpyro/issues/494
# Class: 5 (what reaches a static position: a jnp array at pmap's static_broadcasted_argnums)
# Rule: JG203
# Reduced: "Embarrassing parallel inference" (comment of 2022-11-11): to run one MCMC per data
# shard, the user pmaps a function that picks the shard with a Python index, marks that index
# static with `static_broadcasted_argnums=0`, and calls it with `jnp.arange(len(jax.devices()))`;
# pmap hashes its static arguments and a JAX array is unhashable: "ValueError: Non-hashable
# static arguments are not supported ... of type <class 'jaxlib.xla_extension.DeviceArray'>" (the
# thread: the same with a list or a DeviceArray). The fix: let pmap map the index (an ordinary
# mapped argument, indexing a JAX array with it is legal), or pmap over the stacked shards.
# Reduced: the shards are one jnp array, the MCMC run is the shard's sum.
import jax
import jax.numpy as jnp

N_DEV = len(jax.devices())
SHARDS_X = jnp.arange(12.0).reshape(N_DEV, 12 // N_DEV)
SHARDS_Y = jnp.ones((N_DEV, 12 // N_DEV))

# --- must be flagged ---


def get_samples(i):
    X = SHARDS_X[i]
    y = SHARDS_Y[i]
    return X, y, jax.random.PRNGKey(i)


def run_shards():
    return jax.pmap(get_samples, static_broadcasted_argnums=0)(jnp.arange(N_DEV))  # expect: JG203


# --- must not be flagged ---


def shard_sums(x_shard, y_shard):
    """numpyro#494: map the shards themselves, no index at a static position."""
    return jnp.sum(x_shard * y_shard)


def run_stacked_shards():
    return jax.pmap(shard_sums)(SHARDS_X, SHARDS_Y)


RAISES = [(run_shards, "ValueError")]
RUNS = [run_stacked_shards]
