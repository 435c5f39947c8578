# Report: jax-ml/jax#4471 https://github.com/jax-ml/jax/issues/4471
# Class: 3 (everything created inside jit is traced: a boolean mask computed only from static arguments)
# Rule: JG105
# Reduced: "a boolean mask that is generated inside a jitted function (but only depends on static
# arguments)" stopped working with jax 0.2.0 (omnistaging): the traceback shows
# `create_mask_inside_jitted_function` returning `x[mask].sum()`, called as `wont_work(x, y)`.
# The lines that build the mask are not shown: here `jnp.arange(...) < y` with `y` static. Fix
# (the usual answer after omnistaging): build the mask with NumPy, which stays concrete.
import functools

import jax
import jax.numpy as jnp
import numpy as np

# --- must be flagged ---


def create_mask_inside_jitted_function(x, y):
    mask = jnp.arange(x.shape[0]) < y
    return x[mask].sum()  # expect: JG105


wont_work = jax.jit(create_mask_inside_jitted_function, static_argnums=(1,))


def bug():
    x, y = jnp.arange(6.0), 3
    return wont_work(x, y)


# --- must not be flagged ---


def create_numpy_mask_inside_jitted_function(x, y):
    mask = np.arange(x.shape[0]) < y
    return x[mask].sum()


works = functools.partial(jax.jit, static_argnums=(1,))(create_numpy_mask_inside_jitted_function)


def fixed():
    x, y = jnp.arange(6.0), 3
    return works(x, y)


RAISES = [(bug, "NonConcreteBooleanIndexError")]
RUNS = [fixed]
