# Report: jax-ml/jax#5804 https://github.com/jax-ml/jax/issues/5804
# Class: 5 (what reaches a traced position: a JAX runtime object instead of data)
# Rule: JG206
# Reduced: "TypeError: Argument 'cpu:0' of type <class 'jaxlib.xla_extension.CpuDevice'> is not a
# valid JAX type": the user wants face matching (`match_faces3(desc)`: cosine distances of every
# descriptor to every identity of a global `database`) to run on the accelerator, writes
# `jax.device_put(descriptors, jax.devices()[0])`, `matches_jit = jit(match_faces3)` and then
# times `matches_jit(jax.devices()[0])` -- the device object itself goes to the jitted function's
# traced parameter `desc`, and jit can only trace arrays (and pytrees of them). The same code was
# posted on jax-ml/jax#4416, where the answer is that a jitted function takes the data: pass the
# device_put descriptors. The matcher body here is the vectorized cosine distance (the original
# fills a NumPy matrix in Python loops, a separate problem under jit).
import jax
import jax.numpy as jnp
from jax import jit

descriptors = jnp.linspace(0.1, 1.0, 12).reshape(3, 4)
database = jnp.linspace(1.0, 2.0, 20).reshape(5, 4)


def match_faces3(desc):
    d = desc / jnp.linalg.norm(desc, axis=1, keepdims=True)
    e = database / jnp.linalg.norm(database, axis=1, keepdims=True)
    distances = 0.5 * (1.0 - d @ e.T)
    return jnp.argmin(distances, axis=1)


matches_jit = jit(match_faces3)


# --- must be flagged ---


def crashes():
    jax.device_put(descriptors, jax.devices()[0])
    return matches_jit(jax.devices()[0])  # expect: JG206


# --- must not be flagged ---


def works():
    desc_on_device = jax.device_put(descriptors, jax.devices()[0])
    return matches_jit(desc_on_device)


RAISES = [(crashes, "TypeError")]
RUNS = [works]
