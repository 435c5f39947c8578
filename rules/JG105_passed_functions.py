"""JG105 in a function passed to a helper that calls it in a trace, with Python values spread in.

`jax.eval_shape` (like jit) traces the function it is given: inside, every `jax.numpy` result is a
tracer, even of Python numbers, so `jnp.arange(jnp.log2(n))` has no static size
(ConcretizationTypeError, JAX 0.10.2). A helper that takes an initializer and calls it there as
`init_fn(rng, *init_args)` runs each function the module passes it, the spread tuple filling the
remaining parameters with the Python values the helper was given. Computed with NumPy or Python
(`int(np.log2(n))`, `range`) the size stays static.
"""

import jax
import jax.numpy as jnp
import numpy as np


def checked_shape(init_fn, *init_args):
    return jax.eval_shape(lambda rng: init_fn(rng, *init_args), jax.random.PRNGKey(0)).shape


# --- must be flagged -------------------------------------------------------------------------


def doubling_init(key, shape):
    levels = jnp.log2(shape[0])
    return jnp.ones(shape) * jnp.arange(levels).sum()  # expect: JG105


def doubling_shape():
    return checked_shape(doubling_init, (8,))


# --- must not be flagged ---------------------------------------------------------------------


def doubling_init_static(key, shape):
    levels = int(np.log2(shape[0]))  # NumPy on a Python int: a Python int
    return jnp.ones(shape) * jnp.arange(levels).sum()


def doubling_shape_static():
    return checked_shape(doubling_init_static, (8,))


RAISES = [(doubling_shape, "ConcretizationTypeError")]
RUNS = [doubling_shape_static]
