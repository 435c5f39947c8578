"""JG104 on Python numbers carried in a tuple into a jitted function: jit traces every leaf.

`jax.jit` flattens the arguments at traced positions and traces every leaf, Python ints and floats
in a tuple too, so `axis, scale = opts` inside gives an int32 tracer for `axis`, which `jnp.sum`
cannot take (it needs a Python int; JAX 0.10.2). Also when the number is a static argument of an
outer jit handed on in a tuple (DESC#2228: a chunk size re-traced by an inner `@jit`). A plain
helper (no inner jit), a tuple passed at a static position, or `None` at that position (an empty
pytree, None again inside) is legal.
"""

from functools import partial

import jax
import jax.numpy as jnp

# --- must be flagged -------------------------------------------------------------------------


@jax.jit
def reduce_rows(x, opts):
    axis, scale = opts
    return jnp.sum(x, axis=axis) * scale  # expect: JG104


@jax.jit
def reduce_inner(x, opts):
    axis, scale = opts
    return jnp.max(x, axis=axis) * scale  # expect: JG104


@partial(jax.jit, static_argnames="axis")
def reduce_outer(x, axis):
    return reduce_inner(x, (axis, 1.0))  # the static int is a leaf of the inner jit's argument


def reduce_with_literal_axis():
    return reduce_rows(jnp.ones((2, 3)), (0, 2.0))


def reduce_with_static_axis():
    return reduce_outer(jnp.ones((2, 3)), axis=1)


# --- must not be flagged ---------------------------------------------------------------------


def reduce_plain(x, opts):
    axis, scale = opts
    return jnp.sum(x, axis=axis) * scale


@partial(jax.jit, static_argnames="axis")
def reduce_outer_plain(x, axis):
    return reduce_plain(x, (axis, 1.0))  # a plain helper: the int stays a Python int


@partial(jax.jit, static_argnums=1)
def reduce_static_opts(x, opts):
    axis, scale = opts
    return jnp.sum(x, axis=axis) * scale  # a static tuple: hashed, never traced


@jax.jit
def reduce_all(x, opts):
    axis, scale = opts
    return jnp.sum(x, axis=axis) * scale  # None is an empty pytree: still None inside


def reduce_with_plain_helper():
    return reduce_outer_plain(jnp.ones((2, 3)), axis=1)


def reduce_with_static_tuple():
    return reduce_static_opts(jnp.ones((2, 3)), (0, 2.0))


def reduce_everything():
    return reduce_all(jnp.ones((2, 3)), (None, 2.0))


RAISES = [(reduce_with_literal_axis, "ConcretizationTypeError"),
          (reduce_with_static_axis, "ConcretizationTypeError")]
RUNS = [reduce_with_plain_helper, reduce_with_static_tuple, reduce_everything]
