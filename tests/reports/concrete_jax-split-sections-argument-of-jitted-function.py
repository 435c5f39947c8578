# Report: jax-ml/jax#2506 https://github.com/jax-ml/jax/issues/2506
# Class: 2 (arguments JAX needs static: the sections of jnp.split)
# Rule: JG105
# Reduced: "Confusing error message when passing a traced value to numpy.split":
# `api.jit(lambda idx: np.split(np.zeros((6,2)), idx))(2)` passes the number of sections through
# the jitted function, so `jnp.split` receives a tracer where it needs a concrete count; the
# message became "In jax.numpy.split argument 2: tracer value encountered where a concrete value
# is expected" (ConcretizationTypeError in JAX 0.10.2). Fix: make the count static.
from functools import partial

import jax
import jax.numpy as jnp


# --- must be flagged ---


def halves(idx):
    return jnp.split(jnp.zeros((6, 2)), idx)  # expect: JG105


def bug():
    return jax.jit(halves)(2)


# --- must not be flagged ---


@partial(jax.jit, static_argnums=0)
def halves_static(idx):
    return jnp.split(jnp.zeros((6, 2)), idx)


def fixed():
    return halves_static(2)


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
