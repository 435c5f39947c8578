# Variant of: tests/reports/control_rtrrl-if-clip-on-vmapped-config.py
# Class: 1 (values inside containers and objects: a field of a vmapped config record)
# Rule: JG101
# Axis: (b) the per-trial config is a NamedTuple, its `grad_clip` field read as `config.grad_clip`
# and handed to the helper whose `if clip:` sees a batch tracer under vmap.
from typing import NamedTuple

import jax
import jax.numpy as jnp


class TrialConfig(NamedTuple):
    lr: jax.Array
    grad_clip: jax.Array


def _rate_rule(grads, lr, clip):
    if clip:  # expect: JG101
        grads = jnp.clip(grads, -clip, clip)
    return -lr * grads


def init_trial(config, params):
    return params + _rate_rule(2.0 * jnp.ones_like(params), config.lr, config.grad_clip)


CONFIGS = TrialConfig(lr=jnp.full(4, 0.1), grad_clip=jnp.array([0.0, 0.3, 1.0, 3.0]))


# --- must be flagged ---


def bug():
    return jax.vmap(init_trial, in_axes=(0, None))(CONFIGS, jnp.ones(3))


# --- must not be flagged ---


def _rate_rule_fixed(grads, lr, clip):
    bound = jnp.where(clip > 0, clip, jnp.inf)
    return -lr * jnp.clip(grads, -bound, bound)


def init_trial_fixed(config, params):
    return params + _rate_rule_fixed(2.0 * jnp.ones_like(params), config.lr, config.grad_clip)


def fixed():
    return jax.vmap(init_trial_fixed, in_axes=(0, None))(CONFIGS, jnp.ones(3))


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
