# Report: thomaspinder/GPJax#384 https://github.com/thomaspinder/GPJax/issues/384
# Class: 1 (values inside containers and objects: a PRNG key kept in a pytree's static metadata)
# Rule: JG203
# Reduced: "bug: KeyArray as static field": the GPJax documentation declared a module field
# holding a PRNG key as a `static_field`, which JAX accepted at the time (the linked JAX issue
# #14718 asks JAX to reject it): static fields are pytree metadata, compared and hashed by the jit
# cache, and a key array (`jax.random.PRNGKey`, a uint32 array) is neither hashable nor comparable
# to a bool. In JAX 0.10.2 the second call with another key raises "Exception raised while checking
# equality of metadata fields of pytree ... arrays cannot be passed as metadata fields". Fix: make
# the key an ordinary (data) field, so it is traced like the other arrays.
import dataclasses

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Prior:
    mean: jax.Array
    key: jax.Array = dataclasses.field(metadata=dict(static=True))


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class PriorKeyAsData:
    mean: jax.Array
    key: jax.Array


@jax.jit
def sample(prior):
    return prior.mean + jax.random.normal(prior.key, (3,))


# --- must be flagged ---


def bug():
    out = []
    for seed in range(2):
        prior = Prior(jnp.zeros(3), jax.random.PRNGKey(seed))
        out.append(sample(prior))  # expect: JG203
    return out


# --- must not be flagged ---


def fixed():
    out = []
    for seed in range(2):
        prior = PriorKeyAsData(jnp.zeros(3), jax.random.PRNGKey(seed))
        out.append(sample(prior))
    return out


RAISES = [(bug, "ValueError")]
RUNS = [fixed]
