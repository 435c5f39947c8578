"""JG104 on a traced option of a transform or a loop.

JAX reads the options of its transforms and loops as Python values when it builds them: `jax.vmap`'s
`in_axes`, `out_axes`, `axis_name` and `axis_size` (also `pmap`'s, and its argnums), `jax.checkpoint`'s
`prevent_cse` and `static_argnums`, the `reverse` of `lax.scan` and `lax.associative_scan`, the `axis`
and `reverse` of `lax.cumsum` and its kin, `fori_loop`'s `unroll`, the `has_aux` of `jax.grad`.
A traced value there (a parameter of a jitted function that is not static, a value computed from one,
also inside a tuple: `in_axes=(0, axis)`) raises under jit: TypeError (`vmap in_axes must be an int,
None, or ...`), ConcretizationTypeError or TracerBoolConversionError (JAX 0.10.2). Legal: the option
a static argument, a constant, or computed from shapes (`x.ndim - 1`).
"""

import functools

import jax
import jax.numpy as jnp


def pair_sum(a, b):
    return a + b


# --- must be flagged -------------------------------------------------------------------------


@jax.jit
def batched_sum(x, y, axis):
    return jax.vmap(pair_sum, in_axes=(0, axis))(x, y)  # expect: JG104


@jax.jit
def stacked(x, out_axis):
    return jax.vmap(jnp.sin, out_axes=out_axis)(x)  # expect: JG104


@jax.jit
def running_total(x, backwards):
    return jax.lax.scan(lambda c, a: (c + a, c + a), 0.0, x, reverse=backwards)[1]  # expect: JG104


@jax.jit
def prefix_sums(x, axis):
    return jax.lax.cumsum(x, axis)  # expect: JG104


# --- must not be flagged ---------------------------------------------------------------------


@functools.partial(jax.jit, static_argnames=("axis",))
def batched_sum_static(x, y, axis):
    return jax.vmap(pair_sum, in_axes=(0, axis))(x, y)


@jax.jit
def last_axis_sines(x):
    return jax.vmap(jnp.sin, in_axes=x.ndim - 1)(x)


@jax.jit
def running_total_backwards(x):
    return jax.lax.scan(lambda c, a: (c + a, c + a), 0.0, x, reverse=True)[1]


def prefix_sums_eager(x, axis):
    return jax.lax.cumsum(x, axis)


RAISES = [(lambda: batched_sum(jnp.ones((2, 3)), jnp.ones((3, 2)), 1), "TypeError"),
          (lambda: stacked(jnp.ones((2, 3)), 1), "TypeError"),
          (lambda: running_total(jnp.ones(3), True), "TypeError"),
          (lambda: prefix_sums(jnp.ones((2, 3)), 1), "ConcretizationTypeError")]
RUNS = [lambda: batched_sum_static(jnp.ones((2, 3)), jnp.ones((3, 2)), 1),
        lambda: last_axis_sines(jnp.ones((2, 3))),
        lambda: running_total_backwards(jnp.ones(3)),
        lambda: prefix_sums_eager(jnp.ones((2, 3)), 1)]
