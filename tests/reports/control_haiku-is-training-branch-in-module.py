# Report: google-deepmind/dm-haiku#187 https://github.com/google-deepmind/dm-haiku/issues/187
# Class: 2 (arguments JAX needs static: a training flag tested in a module's __call__)
# Rule: JG101
# Reduced: the user's `Net.__call__(self, x, is_training)` does `if is_training:` around dropout
# (batch norm in the real model), and the loss that calls it is jitted. The thread shows the fix
# (`functools.partial(jax.jit, static_argnums=(4,))` on `model_loss`); the bug is the version
# without it, where `is_training` is traced. hk.Module/hk.transform are replaced by a plain class
# holding its weight.
import functools

import jax
import jax.numpy as jnp


class Net:
    def __init__(self, w):
        self.w = w

    def __call__(self, x, is_training, rng):
        x = jax.nn.relu(x @ self.w)
        if is_training:  # expect: JG101
            keep = jax.random.bernoulli(rng, 0.9, x.shape)
            x = jnp.where(keep, x / 0.9, 0.0)
        return jnp.sum(x)


def model_loss(params, rng, target, x, is_training):
    out = Net(params)(x, is_training, rng)
    return (out - target) ** 2


# --- must be flagged ---


def bug():
    loss = jax.jit(model_loss)
    return loss(jnp.ones((3, 2)), jax.random.PRNGKey(0), 1.0, jnp.ones(3), True)


# --- must not be flagged ---


@functools.partial(jax.jit, static_argnums=(4,))
def model_loss_static(params, rng, target, x, is_training):
    return model_loss(params, rng, target, x, is_training)


def fixed():
    return model_loss_static(jnp.ones((3, 2)), jax.random.PRNGKey(0), 1.0, jnp.ones(3), True)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
