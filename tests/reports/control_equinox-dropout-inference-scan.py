# Report: patrick-kidger/equinox#987 https://github.com/patrick-kidger/equinox/issues/987
# Class: 1 (values inside containers: a Python bool field of a network carried through lax.scan)
# Rule: JG101
# Reduced: a PPO rollout runs `_env_step` under `jax.lax.scan` with the networks inside
# `runner_state`; the dropout layer's `inference` flag is a leaf of that carry, so the layer's
# `if inference:` sees a tracer. The thread shows the scan call and the error, not the networks or
# the step: here the network is a dict of parameters and the flag, and the dropout is a function
# (equinox is not a dependency). Fix (the reporter's): keep the flag out of the carry (closed
# over, a Python value), or select with `jnp.where`.
import jax
import jax.numpy as jnp
import jax.random as jrandom

# --- must be flagged ---


def dropout(x, key, p, inference):
    if inference:  # expect: JG101
        return x
    mask = jrandom.bernoulli(key, 1 - p, x.shape)
    return jnp.where(mask, x / (1 - p), 0.0)


def _env_step(runner_state, unused):
    actor, key = runner_state
    key, sub = jrandom.split(key)
    out = dropout(actor["w"], sub, 0.1, actor["inference"])
    return (actor, key), out


def bug():
    runner_state = ({"w": jnp.ones(3), "inference": False}, jrandom.PRNGKey(0))
    return jax.lax.scan(_env_step, runner_state, None, 4)


# --- must not be flagged ---


def rollout(inference):
    def _env_step_fixed(runner_state, unused):
        actor, key = runner_state
        key, sub = jrandom.split(key)
        out = dropout(actor["w"], sub, 0.1, inference)
        return (actor, key), out

    runner_state = ({"w": jnp.ones(3)}, jrandom.PRNGKey(0))
    return jax.lax.scan(_env_step_fixed, runner_state, None, 4)


def fixed():
    return rollout(False), rollout(True)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
