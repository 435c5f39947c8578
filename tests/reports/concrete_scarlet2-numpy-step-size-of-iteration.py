# Report: pmelchior/scarlet2#24 https://github.com/pmelchior/scarlet2/pull/24
# Class: 4 (NumPy on a traced value: a user step-size function called with the iteration count)
# Rule: JG104
# Reduced: the PR adds an iteration-dependent step size; running the example `relative_step`
# function gives TracerArrayConversionError inside the jitted `_make_step` (optax interpolates the
# step size from the traced step count). The user's schedule uses NumPy; here it is called with
# the traced count inside a jitted step (equinox's filter_jit and optax are replaced by jax.jit
# and plain gradient descent). Fix: write the schedule with jax.numpy.
import functools

import jax
import jax.numpy as jnp
import numpy as np


def relative_step(it):
    return 0.1 * np.exp(-it / 100.0)  # expect: JG104


def loss(params):
    return jnp.sum((params - 1.0) ** 2)


@functools.partial(jax.jit, static_argnums=2)
def _make_step(params, it, step_fn):
    return params - step_fn(it) * jax.grad(loss)(params)


# --- must be flagged ---


def bug():
    return _make_step(jnp.zeros(3), jnp.asarray(5), relative_step)


# --- must not be flagged ---


def relative_step_jnp(it):
    return 0.1 * jnp.exp(-it / 100.0)


def fixed():
    return _make_step(jnp.zeros(3), jnp.asarray(5), relative_step_jnp)


RAISES = [(bug, "TracerArrayConversionError")]
RUNS = [fixed]
