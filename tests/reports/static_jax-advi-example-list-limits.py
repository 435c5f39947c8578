# Report: jax-ml/jax#7561 https://github.com/jax-ml/jax/issues/7561
# Class: 5 (what reaches a static position: plot limits written as lists)
# Rule: JG203
# Reduced: running `examples/advi.py` raised "Non-hashable static arguments are not supported ...
# an object of type <class 'list'>, [-2, 2]" from `callback` -> `mesh_eval(target_dist,
# x_limits, y_limits, 1)` -> `_mesh_eval`, which is `@partial(jit, static_argnums=(0, 1, 2, 4))`
# over `(func, x_limits, y_limits, params, num_ticks)`; the callback wrote the limits as lists.
# The helpers are the example's, the target density a standard normal, the ELBO optimisation
# and plotting left out. Fix: the limits as tuples (hashable; the fix merged for the issue is not
# in what was read).
from functools import partial

import jax.numpy as jnp
from jax import jit, vmap

# --- must be flagged ---


@partial(jit, static_argnums=(0, 1, 2, 4))
def _mesh_eval(func, x_limits, y_limits, params, num_ticks):
    # Evaluate func on a 2D grid defined by x_limits and y_limits.
    x = jnp.linspace(*x_limits, num=num_ticks)
    y = jnp.linspace(*y_limits, num=num_ticks)
    X, Y = jnp.meshgrid(x, y)
    xy_vec = jnp.stack([X.ravel(), Y.ravel()]).T
    zs = vmap(func, in_axes=(0, None))(xy_vec, params)
    return X, Y, zs.reshape(X.shape)


def mesh_eval(func, x_limits, y_limits, params, num_ticks=51):
    return _mesh_eval(func, x_limits, y_limits, params, num_ticks)  # expect: JG203


def target_dist(x, _):
    return jnp.exp(-0.5 * jnp.sum(x**2))


def callback(params, t):
    x_limits = [-2, 2]
    y_limits = [-4, 2]
    X, Y, Z = mesh_eval(target_dist, x_limits, y_limits, 1)
    return Z


def bug():
    return callback(None, 0)


# --- must not be flagged ---


def callback_tuples(params, t):
    x_limits = (-2, 2)
    y_limits = (-4, 2)
    X, Y, Z = mesh_eval(target_dist, x_limits, y_limits, 1)
    return Z


def fixed():
    return callback_tuples(None, 0)


RAISES = [(bug, "ValueError")]
RUNS = [fixed]
