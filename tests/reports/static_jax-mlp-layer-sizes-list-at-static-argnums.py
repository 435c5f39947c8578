# Report: jax-ml/jax#677 https://github.com/jax-ml/jax/issues/677
# Class: 5 (what reaches a static position: a list of layer sizes)
# Rule: JG203
# Reduced: "Entry function 'fusion_2' uses too much parameter space": the 2019 reproduction script
# jits its network functions with the layer configuration among the `static_argnums` and passes it
# as a Python list. When the compiler bug was finally rechecked (2022), the maintainer had to
# revise the script "to replace `index_update` with `.at[...].set`, and handle lists in
# `static_argnums` arguments": a list is unhashable, and JAX now rejects it ("Non-hashable static
# arguments are not supported"). Fix (the revision's): pass the sizes as a tuple.
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=1)
def init_and_apply(x, layer_sizes):
    for din, dout in zip(layer_sizes[:-1], layer_sizes[1:]):
        x = jnp.tanh(x @ jnp.ones((din, dout)) / din)
    return x


# --- must be flagged ---


def bug():
    return init_and_apply(jnp.ones((2, 4)), [4, 128, 128, 2])  # expect: JG203


# --- must not be flagged ---


def fixed():
    return init_and_apply(jnp.ones((2, 4)), (4, 128, 128, 2))


RAISES = [(bug, "ValueError")]
RUNS = [fixed]
