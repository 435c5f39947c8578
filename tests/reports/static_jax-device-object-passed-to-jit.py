# Report: jax-ml/jax#4416 https://github.com/jax-ml/jax/issues/4416
# Class: 5 (what reaches a traced position: a Device object)
# Rule: JG206
# Reduced: a comment in the thread: `matches_jit = jit(match_faces3)` then
# `matches_jit(jax.devices()[0])` raises "Argument 'cpu:0' of type CpuDevice is not a valid JAX
# type": the device (meant for `jax.device_put`) is passed where the descriptors belong. The
# face-matching loops are reduced to one cosine-distance matrix. Fix: put the descriptors on the
# device and pass them.
import jax
import jax.numpy as jnp

DATABASE = jnp.ones((3, 4))


def match_faces3(desc):
    desc = desc / jnp.linalg.norm(desc, axis=-1, keepdims=True)
    db = DATABASE / jnp.linalg.norm(DATABASE, axis=-1, keepdims=True)
    return 1.0 - desc @ db.T


matches_jit = jax.jit(match_faces3)

# --- must be flagged ---


def bug():
    return matches_jit(jax.devices()[0])  # expect: JG206


# --- must not be flagged ---


def fixed():
    descriptors = jax.device_put(jnp.ones((2, 4)), jax.devices()[0])
    return matches_jit(descriptors)


RAISES = [(bug, "TypeError")]
RUNS = [fixed]
