# Report: pyro-ppl/numpyro#754 https://github.com/pyro-ppl/numpyro/pull/754
# Class: 3 (everything created inside jit is traced: a jnp reduction of a captured NumPy array)
# Rule: JG104
# Reduced: "Pump jax and tfp-nightly version": moving NumPyro to JAX 0.2 (omnistaging) needed
# "`jnp` -> `np` in several places, which mainly happens in examples", e.g. the annotation example
# `def multinomial(annotations): num_classes = int(jnp.max(annotations)) + 1` became
# `int(np.max(annotations)) + 1`. The model runs inside a jitted potential; with omnistaging
# `jnp.max` of the (concrete) data is staged, so `int()` gets a tracer. Reduced to a potential
# that sizes its class weights from the data, jitted with the data bound by `functools.partial`;
# the look-alike is the PR's `np.max`.
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

ANNOTATIONS = np.array([[0, 1, 2], [2, 1, 0], [1, 1, 3]])


# --- must be flagged ---


def potential(theta, annotations):
    num_classes = int(jnp.max(annotations)) + 1  # expect: JG104
    logits = theta[:num_classes]
    counts = jnp.stack([jnp.sum(annotations == k) for k in range(num_classes)])
    return -jnp.sum(counts * jax.nn.log_softmax(logits))


def crashes():
    return jax.jit(partial(potential, annotations=ANNOTATIONS))(jnp.zeros(6))


# --- must not be flagged ---


def potential_np(theta, annotations):
    num_classes = int(np.max(annotations)) + 1
    logits = theta[:num_classes]
    counts = jnp.stack([jnp.sum(annotations == k) for k in range(num_classes)])
    return -jnp.sum(counts * jax.nn.log_softmax(logits))


def works():
    return jax.jit(partial(potential_np, annotations=ANNOTATIONS))(jnp.zeros(6))


RAISES = [(crashes, "ConcretizationTypeError")]
RUNS = [works]
