# Report: patrick-kidger/equinox#95 https://github.com/patrick-kidger/equinox/issues/95
# Class: 5 (what reaches a static position: a NumPy batch that a filtering jit treats as static)
# Rule: JG203
# Reduced: "TypeError: unhashable type: 'numpy.ndarray'": training PaLM with `@eqx.filter_jit def
# train_step(model, data, ...)` where `data` comes from a torch DataLoader as NumPy arrays raises
# "Non-hashable static arguments are not supported ... while trying to hash an object of type
# <class 'tuple'> ... unhashable type: 'numpy.ndarray'": filter_jit put the NumPy batch in the
# static, hashed part of the call. Here the filtering jit is a minimal partition into JAX arrays
# (traced) and the rest (one static tuple). Fix (here): convert the batch with `jnp.asarray` before
# the step, so it is traced.
import functools

import jax
import jax.numpy as jnp
import numpy as np

# --- must be flagged ---


def filter_jit(fun):
    @functools.partial(jax.jit, static_argnums=(1,))
    def call(dynamic, static):
        args = [d if s is None else s for d, s in zip(dynamic, static)]
        return fun(*args)

    def wrapper(*args):
        dynamic = tuple(a if isinstance(a, jax.Array) else None for a in args)
        static = tuple(None if isinstance(a, jax.Array) else a for a in args)
        return call(dynamic, static)  # expect: JG203

    return wrapper


@filter_jit
def train_step(params, data):
    return params - 1e-3 * jnp.mean(data) * params


def bug():
    batch = np.random.default_rng(0).integers(0, 256, size=(4, 16))
    return train_step(jnp.ones(3), batch)


# --- must not be flagged ---


def fixed():
    batch = np.random.default_rng(0).integers(0, 256, size=(4, 16))
    return train_step(jnp.ones(3), jnp.asarray(batch))


RAISES = [(bug, "ValueError")]
RUNS = [fixed]
