"""A type test guards its branch: inside `if not isinstance(t, (jax.Array, np.ndarray))` the value
is not a tracer (every tracer is a `jax.Array`), and after `isinstance(v, jax.core.Tracer)` is
false (directly or through a helper that returns that test) the value is concrete.

Seen as: chex `if not isinstance(tensor, (jax.Array, np.ndarray)): tensor = np.asarray(tensor)`;
numpyro `if not_jax_tracer(is_valid): if device_get(is_valid): ...`.
"""

import jax
import jax.numpy as jnp
import numpy as np


def axis_size(tensor, axis):
    if not isinstance(tensor, (jax.Array, np.ndarray)):
        tensor = np.asarray(tensor)
    return tensor.shape[axis]


@jax.jit
def first_axis(x):
    return jnp.zeros(axis_size(x, 0)) + x


def not_tracer(x):
    return not isinstance(x, jax.core.Tracer)


def find(x):
    valid = jnp.isfinite(x).all()
    if not_tracer(valid):
        if jax.device_get(valid):
            return x
    return jnp.where(valid, x, 0.0)


RUNS = [
    lambda: first_axis(jnp.ones(3)),
    lambda: axis_size([1, 2, 3], 0),
    lambda: find(jnp.ones(2)),
    lambda: jax.jit(find)(jnp.ones(2)),
]
