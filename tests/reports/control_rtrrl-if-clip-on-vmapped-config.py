# Report: le2333/RTRRL#86 https://github.com/le2333/RTRRL/issues/86
# Class: 1 (a value of a config dict that vmap batches is traced)
# Rule: JG101
# Reduced: the ensemble entry vmaps trial initialisation over configurations whose
# `torso.grad_clip` differs (0.0, 0.3, 1.0, 3.0, ...), and `_rate_rule` does `if clip:`, which
# raises TracerBoolConversionError ("traced array with shape float32[]"). The config dict and the
# rate rule are reduced to the clip path. Fix (the requirement): keep `grad_clip=0` as
# "disabled" with a traced-safe select instead of a Python branch.
import jax
import jax.numpy as jnp


def _rate_rule(grads, lr, clip):
    if clip:  # expect: JG101
        grads = jnp.clip(grads, -clip, clip)
    return -lr * grads


def init_trial(config, params):
    return params + _rate_rule(2.0 * jnp.ones_like(params), config["lr"], config["grad_clip"])


CONFIGS = {"lr": jnp.full(4, 0.1), "grad_clip": jnp.array([0.0, 0.3, 1.0, 3.0])}

# --- must be flagged ---


def bug():
    return jax.vmap(init_trial, in_axes=(0, None))(CONFIGS, jnp.ones(3))


# --- must not be flagged ---


def _rate_rule_fixed(grads, lr, clip):
    bound = jnp.where(clip > 0, clip, jnp.inf)
    return -lr * jnp.clip(grads, -bound, bound)


def init_trial_fixed(config, params):
    return params + _rate_rule_fixed(2.0 * jnp.ones_like(params), config["lr"], config["grad_clip"])


def fixed():
    return jax.vmap(init_trial_fixed, in_axes=(0, None))(CONFIGS, jnp.ones(3))


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
