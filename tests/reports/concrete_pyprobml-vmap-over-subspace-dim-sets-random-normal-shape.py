# Report: probml/pyprobml#647 https://github.com/probml/pyprobml/pull/647
# Class: 2 (arguments JAX needs static: a shape entry from a vmapped value)
# Rule: JG105
# Reduced: "create: subspace_mlp_demo.py": the reviewer asks to `vmap` the loop
# `for dim in subspace_dims:` (subspace learning with a random projection of each dimension);
# the author answers that it is not possible to vmap over subspaces of different dimension size:
# the projection `project_test(d, D)` draws `jax.random.normal(key, shape=(D, d))`, and under
# `jax.vmap(partial(project_test, D=10))` the dimension `d` is a batched tracer, so the shape is
# not concrete ("Shapes must be 1D sequences of concrete values of integer type"). The demo keeps
# the Python loop over the dimensions.
from functools import partial

import jax
import jax.numpy as jnp

subspace_dims = [2, 10, 60]


# --- must be flagged ---


def project_test(d, D):
    key = jax.random.PRNGKey(314)
    return jax.random.normal(key, shape=(D, d))  # expect: JG105


def vmapped():
    project_partial = partial(project_test, D=10)
    return jax.vmap(project_partial)(jnp.array(subspace_dims))


# --- must not be flagged ---


def project(d, D):
    key = jax.random.PRNGKey(314)
    return jax.random.normal(key, shape=(D, d))


def looped():
    return [project(dim, D=10) for dim in subspace_dims]


RAISES = [(vmapped, "TypeError")]
RUNS = [looped]
