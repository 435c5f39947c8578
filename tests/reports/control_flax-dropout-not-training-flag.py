# Report: google/flax#4085 https://github.com/google/flax/issues/4085
# Class: 4 (a traced flag used by Python two calls away: `not training` in the model, under vmap and value_and_grad)
# Rule: JG103
# Reduced: the issue's `DNN.__call__(self, x, training)` builds
# `nn.Dropout(rate=self.dropout_rate, deterministic=not training)`; `training` is an argument of
# the jitted `train_setp(params, opt_state, X, y, training)`, passed through
# `jax.value_and_grad(mse)` and `jax.vmap(squared_error)` into `model.apply`, so `not training`
# converts a tracer. flax is not installed here: the module is a plain class with the same
# `__call__`, Dense layers are matmuls, Dropout a small function, optax's update a plain SGD
# step. The jitted `fit` loop (tqdm, print) is left out. Fix: declare the flag static
# (`static_argnames="training"`), the usual answer for a mode flag (the thread's own answer is not
# in the part that was read).
import functools

import jax
import jax.numpy as jnp

# --- must be flagged ---


def dropout(x, rate, deterministic, rng):
    if deterministic or rate == 0.0:
        return x
    keep = jax.random.bernoulli(rng, 1.0 - rate, x.shape)
    return jnp.where(keep, x / (1.0 - rate), 0.0)


class DNN:
    def __init__(self, dropout_rate):
        self.dropout_rate = dropout_rate

    def __call__(self, params, x, training, rng):
        x = jax.nn.relu(x @ params["w1"])
        x = dropout(x, self.dropout_rate, deterministic=not training, rng=rng)  # expect: JG103
        return x @ params["w2"]


model = DNN(dropout_rate=0.1)


def mse(params, X, y, training):
    def squared_error(X, y):
        y_pred = model(params, X, training, jax.random.PRNGKey(114))
        diff = y_pred - y
        return jnp.inner(diff, diff)

    return jnp.mean(jax.vmap(squared_error)(X, y), axis=0)


@jax.jit
def train_setp(params, X, y, training):
    loss, grads = jax.value_and_grad(mse)(params, X, y, training)
    params = jax.tree.map(lambda p, g: p - 0.01 * g, params, grads)
    return params, loss


PARAMS = {"w1": jnp.ones((3, 4)), "w2": jnp.ones((4, 2))}


def bug():
    return train_setp(PARAMS, jnp.ones((5, 3)), jnp.zeros((5, 2)), True)


# --- must not be flagged ---


@functools.partial(jax.jit, static_argnames="training")
def train_step_static(params, X, y, training):
    loss, grads = jax.value_and_grad(mse)(params, X, y, training)
    params = jax.tree.map(lambda p, g: p - 0.01 * g, params, grads)
    return params, loss


def fixed():
    return train_step_static(PARAMS, jnp.ones((5, 3)), jnp.zeros((5, 2)), training=True)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
