"""JG105 value-dependent-shape: examples that must and must not be flagged."""

from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

# --- must be flagged -------------------------------------------------------------------------


@jax.jit
def positive_part(x):
    return x[x > 0]  # expect: JG105


@jax.jit
def masked_mean(x):
    mask = jnp.isfinite(x)
    return x[mask].mean()  # expect: JG105


@jax.jit
def masked_update(x):
    return x.at[x < 0].set(0.0)  # expect: JG105


@jax.jit
def nonzero_indices(x):
    return jnp.nonzero(x)  # expect: JG105


@jax.jit
def one_arg_where(x):
    return jnp.where(x > 0)  # expect: JG105


@jax.jit
def unique_values(x):
    return jnp.unique(x)  # expect: JG105


@jax.jit
def traced_zeros(x, n):
    return jnp.zeros(n) + x  # expect: JG105


@jax.jit
def traced_arange(n):
    return jnp.arange(n)  # expect: JG105


@jax.jit
def traced_reshape(x, rows):
    return x.reshape(rows, -1)  # expect: JG105


@jax.jit
def traced_slice(x, start):
    return x[start : start + 2]  # expect: JG105


@jax.jit
def random_shape(key, n):
    return jax.random.normal(key, (n,))  # expect: JG105


@jax.jit
def split_keys(key, n):
    return jax.random.split(key, n)  # expect: JG105


@jax.jit
def one_hot(labels, num_classes):
    return jax.nn.one_hot(labels, num_classes)  # expect: JG105


@jax.jit
def numpy_reshape_dispatches_to_the_tracer(x, rows):
    return np.reshape(x, (rows, -1))  # np.reshape(tracer, shape) is tracer.reshape(shape)  # expect: JG105


def jit_a_library_function(labels):
    return jax.jit(jax.random.split)(jax.random.key(0), 3)  # expect: JG105


def omitted_size_from_traced_values(x):
    counts = jax.jit(jnp.bincount)
    return counts(x)  # `length` is computed from the traced x  # expect: JG105


def vmap_a_size_bounded_function(x):
    return jax.vmap(jnp.flatnonzero)(x)  # expect: JG105


def mapped_without_size(x):
    return jnp.apply_along_axis(jnp.unique, 1, x)  # expect: JG105


# a jitted function called inside another trace returns tracers, even of static arguments
@partial(jax.jit, static_argnums=0)
def doubled(n):
    return 2 * n


halved = jax.jit(lambda n: n // 2, static_argnums=0)


@partial(jax.jit, static_argnums=0)
def ramp(n):
    return jnp.arange(doubled(n))  # expect: JG105


@partial(jax.jit, static_argnums=0)
def half_zeros(n):
    return jnp.zeros(halved(n))  # expect: JG105


@jax.jit
def pad_width_updated(a, pad):
    # x.at[i].set(v) is a JAX array, traced when x, i or v is
    npad = jnp.zeros((2, 2), int)
    npad = npad.at[0, 1].set(pad)
    return jnp.pad(a, npad)  # expect: JG105


@jax.jit
def broadcast_to_dims(x, *dims):
    return jnp.broadcast_to(x, dims)  # expect: JG105


@jax.jit
def traced_top_k(x, k):
    # an integer JAX needs static that sets the output's shape (also jnp.diff's n, jnp.eye's N,
    # jnp.fft.fft's n; found by running JAX: two values, two output shapes)
    return jax.lax.top_k(x, k)  # expect: JG105


@jax.jit
def traced_split_points(x):
    points = jnp.array([2, 5])  # made in the trace: traced
    return jnp.split(x, points)  # expect: JG105


@jax.jit
def traced_offset(m, offset):
    # the same for jax.Array's methods: x.diagonal(offset), x.repeat(repeats)
    return m.diagonal(offset)  # expect: JG105


@jax.jit
def mapped_sizes(x, n):
    # tree.map of a list gives a list of what the function returns for each leaf: a tracer here
    sizes = jax.tree.map(lambda a: a * 2, [n])
    return jnp.zeros(sizes[0]) + x.sum()  # expect: JG105


# --- must not be flagged ---------------------------------------------------------------------


@jax.jit
def masked_with_where(x):
    return jnp.where(x > 0, x, 0.0), jnp.sum(x, where=x > 0)


@jax.jit
def nonzero_with_size(x):
    return jnp.nonzero(x, size=3, fill_value=0), jnp.unique(x, size=2, fill_value=0.0)


@jax.jit
def integer_index(x, i):
    return x[i], x[jnp.argmax(x)], x.at[i].set(0.0)


@jax.jit
def static_shapes(x):
    n = x.shape[0]
    return jnp.zeros(n), jnp.arange(x.shape[0]), x.reshape(n, -1), x[: n // 2], jnp.zeros_like(x)


@jax.jit
def dynamic_slice(x, start):
    return lax.dynamic_slice(x, (start,), (2,))


@partial(jax.jit, static_argnames=("n",))
def static_size(x, n):
    return jnp.zeros(n) + x[:n].sum()


def outside(x):
    return x[x > 0], jnp.nonzero(x)



@partial(jax.jit, static_argnames=("num_classes",))
def one_hot_static(labels, num_classes):
    return jax.nn.one_hot(labels, num_classes), jax.random.split(jax.random.key(0), num_classes)


@jax.jit
def numpy_reshape_static(x):
    return np.reshape(x, (2, -1)), np.sum(x, axis=0)


def jit_a_library_function_static(labels):
    return jax.jit(jax.nn.one_hot, static_argnums=1)(labels, 3), jax.jit(jax.random.split, static_argnums=1)(
        jax.random.key(0), 3)


def omitted_size_given(x):
    return jax.jit(partial(jnp.bincount, length=4))(x), jax.jit(jnp.bincount, static_argnames="length")(x, length=4)


def vmap_with_size(x):
    return jax.vmap(partial(jnp.flatnonzero, size=2))(x), jnp.apply_along_axis(jnp.unique, 1, x, size=2)


def mapped_shape_independent(x):
    return jnp.apply_along_axis(jnp.sum, 1, x), jax.vmap(jnp.where)(x > 0, x, -x), jax.jit(jnp.sum)(x)


def twice(n):
    return 2 * n


@partial(jax.jit, static_argnums=0)
def ramp_plain_helper(n):
    return jnp.arange(twice(n)) * doubled(n)  # a jitted result used as an array


def ramp_outside_a_trace(xs):
    # outside any trace, and under vmap alone, a jitted function's result is a concrete array
    return jnp.arange(doubled(2)), jax.vmap(lambda x: jnp.zeros(halved(4)) + x)(xs)


@jax.jit
def same_padding_zeros(images):
    # lax's layout helpers are plain Python on shapes and strings: Python ints under jit
    spec = lax.conv_general_permutations(("NHWC", "HWIO", "NHWC"))[0]
    pads = lax.padtype_to_pads([images.shape[i] for i in spec[2:]], (3, 3), (1, 1), "SAME")
    return jnp.zeros((images.shape[spec[1]], sum(lo + hi for lo, hi in pads)))


PAD_WIDTH = jnp.zeros((2, 2), int).at[0, 1].set(1)  # updated outside any trace: concrete


@jax.jit
def pad_width_updated_outside(a):
    return jnp.pad(a, PAD_WIDTH)



@partial(jax.jit, static_argnames=("k", "offset"))
def static_top_k_split_offset(x, m, k, offset):
    return jax.lax.top_k(x, k), jnp.split(x, [1, 3]), m.diagonal(offset), jnp.triu(m, 1)


def broadcast_to_static_dims(x, *dims):
    return jnp.broadcast_to(x, dims)


# static_argnums past the named parameters: those positions of *dims are static
broadcast_static = jax.jit(broadcast_to_static_dims, static_argnums=(1, 2))


class Buffer(eqx.Module):
    lengths: jax.Array
    width: int


@eqx.filter_jit
def first_block(buffer, x):
    # filter_jit traces the array field: a size read from it has no static value (the int field
    # `width` stays a Python int, a legal size)
    return jnp.zeros(buffer.lengths[0]) + x[: buffer.width].sum()  # expect: JG105


def run_first_block():
    return first_block(Buffer(jnp.array([2, 3]), 2), jnp.ones(4))


@jax.jit
def mapped_shapes(x):
    sizes = jax.tree.map(lambda a: a.shape[0], [x])  # shapes: Python ints
    return jnp.zeros(sizes[0]) + x.sum()


# --- a boolean option that bounds a value-dependent output (jaxsig.FLAG_BOUNDED_OUTPUTS) -------


@jax.jit
def polynomial_roots(coefficients):
    return jnp.roots(coefficients)  # expect: JG105


@jax.jit
def polynomial_roots_kept(coefficients):
    return jnp.roots(coefficients, strip_zeros=False)  # one root per degree, whatever the values


def polynomial_roots_eagerly(coefficients):
    return jnp.roots(coefficients)  # concrete coefficients: stripping the zeros is fine


block_rows = 2  # a module constant


@jax.jit
def rows_bound_as_keyword_default(x, *, block_rows=block_rows):
    # `block_rows=block_rows` binds the module's constant when the def runs; a keyword-only
    # parameter no call passes keeps that default, a Python int in the trace
    return x.reshape(block_rows, -1)



def _level_sizes(levels, length):
    sizes = []
    for level in levels:
        pairs = level.shape[0]
        sizes.append((pairs, length - 2 * pairs))
        length = pairs
    return sizes


@jax.jit
def back_substitution_in_reverse(levels, x):
    # `reversed(list(zip(...)))` gives zip's tuples in reverse order: `pairs` is still an element
    # of the list of Python ints read off shapes
    sizes = _level_sizes(levels, x.shape[0])
    for level, (pairs, _odd) in reversed(list(zip(levels, sizes))):
        x = jnp.concatenate([x[:pairs] * level.sum(), x[pairs:]])
    return x


RAISES = [
    (lambda: polynomial_roots(jnp.array([1.0, 2.0, 1.0])), "ConcretizationTypeError"),
    (lambda: mapped_sizes(jnp.ones(2), 3), "TypeError"),
    (run_first_block, "TypeError"),
    (lambda: broadcast_to_dims(1.0, 2, 3), "TypeError"),
    (lambda: traced_top_k(jnp.arange(4.0), 2), "TracerBoolConversionError"),
    (lambda: traced_split_points(jnp.arange(8.0)), "ConcretizationTypeError"),
    (lambda: traced_offset(jnp.eye(3), 1), "ValueError"),
    (lambda: numpy_reshape_dispatches_to_the_tracer(jnp.ones(4), 2), "TypeError"),
    (lambda: jit_a_library_function(jnp.arange(3)), "TypeError"),
    (lambda: omitted_size_from_traced_values(jnp.array([0, 1, 1])), "ConcretizationTypeError"),
    (lambda: vmap_a_size_bounded_function(jnp.eye(3)), "ConcretizationTypeError"),
    (lambda: mapped_without_size(jnp.eye(3)), "ConcretizationTypeError"),
    (lambda: split_keys(jax.random.key(0), 2), "TypeError"),
    (lambda: one_hot(jnp.arange(3), 4), "ConcretizationTypeError"),
    (lambda: positive_part(jnp.ones(3)), "NonConcreteBooleanIndexError"),
    (lambda: masked_mean(jnp.ones(3)), "NonConcreteBooleanIndexError"),
    (lambda: masked_update(jnp.ones(3)), "NonConcreteBooleanIndexError"),
    (lambda: nonzero_indices(jnp.ones(3)), "ConcretizationTypeError"),
    (lambda: one_arg_where(jnp.ones(3)), "ConcretizationTypeError"),
    (lambda: unique_values(jnp.ones(3)), "ConcretizationTypeError"),
    (lambda: traced_zeros(jnp.float32(1.0), 3), "TypeError"),
    (lambda: traced_arange(3), "ConcretizationTypeError"),
    (lambda: traced_reshape(jnp.ones(4), 2), "TypeError"),
    (lambda: traced_slice(jnp.ones(4), 1), "IndexError"),
    (lambda: random_shape(jax.random.key(0), 3), "TypeError"),
    (lambda: ramp(3), "ConcretizationTypeError"),
    (lambda: half_zeros(4), "TypeError"),
    (lambda: pad_width_updated(jnp.ones((1, 3)), 1), "ConcretizationTypeError"),
]

RUNS = [
    lambda: polynomial_roots_kept(jnp.array([1.0, 2.0, 1.0])),
    lambda: polynomial_roots_eagerly(jnp.array([0.0, 2.0, 1.0])),
    lambda: mapped_shapes(jnp.ones(2)),
    lambda: broadcast_static(1.0, 2, 3),
    lambda: static_top_k_split_offset(jnp.arange(4.0), jnp.eye(3), k=2, offset=1),
    lambda: one_hot_static(jnp.arange(3), num_classes=4),
    lambda: masked_with_where(jnp.ones(3)),
    lambda: nonzero_with_size(jnp.ones(3)),
    lambda: integer_index(jnp.ones(3), 1),
    lambda: static_shapes(jnp.ones(4)),
    lambda: dynamic_slice(jnp.ones(4), 1),
    lambda: static_size(jnp.ones(2), n=2),
    lambda: outside(jnp.ones(3)),
    lambda: numpy_reshape_static(jnp.ones(4)),
    lambda: jit_a_library_function_static(jnp.arange(3)),
    lambda: omitted_size_given(jnp.array([0, 1, 1])),
    lambda: vmap_with_size(jnp.eye(3)),
    lambda: mapped_shape_independent(jnp.eye(3)),
    lambda: ramp_plain_helper(3),
    lambda: ramp_outside_a_trace(jnp.ones(3)),
    lambda: same_padding_zeros(jnp.ones((1, 5, 5, 3))),
    lambda: pad_width_updated_outside(jnp.ones((1, 3))),
    lambda: rows_bound_as_keyword_default(jnp.ones(4)),
    lambda: back_substitution_in_reverse([jnp.ones((3, 2)), jnp.ones((1, 2))], jnp.ones(8)),
]
