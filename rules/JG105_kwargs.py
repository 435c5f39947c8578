"""JG105 value-dependent-shape: a size read from a jitted function's `**kwargs`.

`config["n"]` of a `**config` parameter is a tracer unless `static_argnames` names `"n"`: as a
shape it raises TypeError (shapes must be concrete), also in a helper the dict is spread into.
"""

from functools import partial

import jax
import jax.numpy as jnp

# --- must be flagged -------------------------------------------------------------------------


@jax.jit
def padded(x, **config):
    return jnp.concatenate([x, jnp.zeros(config["n"])])  # expect: JG105


def _window(x, **config):
    return x[:3] + jnp.ones(dict(config)["width"])  # expect: JG105


@partial(jax.jit, static_argnames=("mode",))
def windowed(x, **config):
    return _window(x, **config)


# --- must not be flagged ---------------------------------------------------------------------


@partial(jax.jit, static_argnames=("n",))
def padded_static(x, **config):
    return jnp.concatenate([x, jnp.zeros(config["n"])])


@partial(jax.jit, static_argnames=("width",))
def windowed_static(x, **config):
    return _window(x, **config)


RAISES = [
    (lambda: padded(jnp.ones(3), n=2), "TypeError"),
    (lambda: windowed(jnp.ones(4), width=3, mode="a"), "TypeError"),
]

RUNS = [
    lambda: padded_static(jnp.ones(3), n=2),
    lambda: windowed_static(jnp.ones(4), width=3),
]
