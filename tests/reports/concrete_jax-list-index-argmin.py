# Report: jax-ml/jax#5839 https://github.com/jax-ml/jax/issues/5839
# Class: 3 (everything created inside jit is traced: an argmin result indexes a Python list)
# Rule: JG104
# Reduced: distances are collected in a Python list inside a jitted function, and the best one
# is picked with `dist[jnp.argmin(jnp.asarray(dist))]`: the argmin is traced and a list cannot
# be indexed with it. Fix: index the stacked array instead of the list.
import jax
import jax.numpy as jnp

# --- must be flagged ---


def jax_cosine(a, b):
    return 1.0 - jnp.dot(a, b) / (jnp.linalg.norm(a) * jnp.linalg.norm(b))


@jax.jit
def match_face(descr, database):
    dist = []
    for id_desc in database:
        dist.append(jax_cosine(descr, id_desc))
    return dist[jnp.argmin(jnp.asarray(dist))]  # expect: JG104


def bug():
    return match_face(jnp.ones(4), [jnp.ones(4), jnp.arange(4.0)])


# --- must not be flagged ---


@jax.jit
def match_face_array(descr, database):
    dist = jnp.asarray([jax_cosine(descr, id_desc) for id_desc in database])
    return dist[jnp.argmin(dist)]


def fixed():
    return match_face_array(jnp.ones(4), [jnp.ones(4), jnp.arange(4.0)])


RAISES = [(bug, "TracerIntegerConversionError")]
RUNS = [fixed]
