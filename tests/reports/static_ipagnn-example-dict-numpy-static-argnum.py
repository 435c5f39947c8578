# Report: google-research/google-research#1025 https://github.com/google-research/google-research/issues/1025
# Class: 5 (what reaches a static position: a dict of NumPy arrays)
# Rule: JG203
# Reduced: "ipagnn: non-hashable static arguments": "`example` is a dict of numpy arrays, neither of
# which are hashable" (common_adapters.py): the adapter jits its model application with the example
# at a static position, which current JAX rejects ("suspect this is due to breaking changes in
# jax"). Here the adapter applies a one-layer model to the example's token features. Fix: pass the
# example as a traced pytree (a dict of arrays is one); only its shapes specialize the compile.
import functools

import jax
import jax.numpy as jnp
import numpy as np


@functools.partial(jax.jit, static_argnums=(1,))
def apply_model(params, example):
    h = jnp.tanh(jnp.asarray(example["tokens"], jnp.float32) @ params)
    return jnp.sum(h * example["mask"][:, None])


def make_example():
    return {"tokens": np.arange(12).reshape(4, 3), "mask": np.array([1.0, 1.0, 0.0, 1.0])}


# --- must be flagged ---


def bug():
    example = make_example()
    return apply_model(jnp.ones((3, 2)), example)  # expect: JG203


# --- must not be flagged ---


@jax.jit
def apply_model_traced(params, example):
    h = jnp.tanh(jnp.asarray(example["tokens"], jnp.float32) @ params)
    return jnp.sum(h * example["mask"][:, None])


def fixed():
    example = make_example()
    return apply_model_traced(jnp.ones((3, 2)), example)


RAISES = [(bug, "ValueError")]
RUNS = [fixed]
