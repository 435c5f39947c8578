"""Questions JAX answers in Python: `x is None`, `callable(x)`, `jnp.isscalar(x)`, `x.size`,
`x.ndim`, `x.shape` of a traced array are Python values.

Seen as: dynamax `if param is not None and not callable(param) and param.ndim == ndim + 1`; jax-md
`if jnp.isscalar(box) or box.size == 1`.
"""

import jax
import jax.numpy as jnp


def transform(box, r):
    if jnp.isscalar(box) or box.size == 1:
        return r * box
    elif box.ndim == 1:
        return r * box[None, :]
    return r @ box


def check_time_varying(weights, bias, num_timesteps):
    for param, ndim in ((weights, 2), (bias, 1)):
        if param is not None and not callable(param) and param.ndim == ndim + 1:
            assert param.shape[0] == num_timesteps
    return weights


@jax.jit
def run(box, r, weights, bias):
    return transform(box, r), check_time_varying(weights, bias, r.shape[0])


RUNS = [
    lambda: run(jnp.float32(2.0), jnp.ones((4, 2)), jnp.ones((4, 2, 2)), jnp.ones((4, 2))),
    lambda: run(jnp.ones(2), jnp.ones((4, 2)), jnp.ones((2, 2)), None),
]
