# Report: google/flax#587 https://github.com/google/flax/issues/587
# Class: 5 (what reaches a static position: a dict of model settings)
# Rule: JG203
# Reduced: the WMT example's `create_model(key, input_shape, target_shape, model_kwargs)` with
# `static_argnums=(1, 2, 3)`, called with a dict of settings built from the config. Fix (the
# issue's workaround): pass the settings as a tuple of items and rebuild the dict inside.
import functools

import jax
import jax.numpy as jnp

# --- must be flagged ---


@functools.partial(jax.jit, static_argnums=(1, 2, 3))
def create_model(key, input_shape, target_shape, model_kwargs):
    return jax.random.normal(key, (input_shape[-1], model_kwargs["emb_dim"]))


def bug(config_emb_dim=8):
    model_kwargs = {"vocab_size": 32, "emb_dim": config_emb_dim, "num_heads": 2}
    return create_model(jax.random.PRNGKey(0), (1, 4), (1, 4), model_kwargs)  # expect: JG203


# --- must not be flagged ---


@functools.partial(jax.jit, static_argnums=(1, 2, 3))
def create_model_items(key, input_shape, target_shape, model_items):
    model_kwargs = dict(model_items)
    return jax.random.normal(key, (input_shape[-1], model_kwargs["emb_dim"]))


def fixed(config_emb_dim=8):
    model_kwargs = {"vocab_size": 32, "emb_dim": config_emb_dim, "num_heads": 2}
    return create_model_items(jax.random.PRNGKey(0), (1, 4), (1, 4), tuple(sorted(model_kwargs.items())))


RAISES = [(bug, "ValueError")]
RUNS = [fixed]
