# Report: jaxleyverse/jaxley#603 https://github.com/jaxleyverse/jaxley/pull/603
# Class: 4 (NumPy and Python on traced values, deeper: a NumPy ufunc in a helper)
# Rule: JG104
# Reduced: "Allow `.distance` to be jitted": "The following does not work in JAX: `@jit def
# mytest(param): return np.sqrt(np.sum(param * np.asarray([3.0, 4.0])))`"; to make it work "one
# needs `jnp.sqrt(jnp.sum(...))`". This "caused our `.distance()` to break within a `jit`". The
# `np.sum` dispatches to the tracer's own method, but `np.sqrt` converts its traced argument to a
# NumPy array. Reduced to a compartment's distance to a point, with the coordinates optimised.
import jax
import jax.numpy as jnp
import numpy as np

ENDPOINT = np.asarray([3.0, 4.0])


# --- must be flagged ---


def distance(xyz, endpoint):
    return np.sqrt(np.sum((xyz - endpoint) ** 2))  # expect: JG104


@jax.jit
def loss(xyz):
    return (distance(xyz, ENDPOINT) - 2.0) ** 2


def crashes():
    return loss(jnp.array([0.5, 1.0]))


# --- must not be flagged ---


def distance_jnp(xyz, endpoint):
    return jnp.sqrt(jnp.sum((xyz - np.asarray(endpoint)) ** 2))


@jax.jit
def loss_jnp(xyz):
    return (distance_jnp(xyz, ENDPOINT) - 2.0) ** 2


def works():
    return loss_jnp(jnp.array([0.5, 1.0]))


RAISES = [(crashes, "TracerArrayConversionError")]
RUNS = [works]
