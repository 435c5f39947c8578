"""`lax.conv_general_permutations`, `lax.conv_dimension_numbers` and `lax.padtype_to_pads` are
plain Python functions on layout strings and shapes: they stage nothing, and under `jax.jit` they
return tuples of Python ints (a `ConvDimensionNumbers` of tuples, a list of int pairs). An axis
index read from them, a shape entry picked with that index, and the sizes, paddings and loop
bounds computed from those are static (checked on JAX 0.10.2).

Seen as (held-out 2): a jitted patch-statistics function (layout arguments static) turns its
`data_format` into dimension numbers with `lax.conv_general_permutations` in a helper, wraps the
`lhs_spec` in a small layout class whose methods pick `shape[self.order[1]]` (channels) and the
spatial sizes, then computes `max(0, (out - 1) * s + k - d)` for "SAME" padding,
`jnp.reshape(m, (c,) + kernel + (c,) + kernel)`, `if c > 1:`, `range(c)` and
`jnp.zeros(target_shape)`.
"""

import functools

import jax
import jax.numpy as jnp
from jax import lax


class Layout:
    def __init__(self, order):
        self.order = tuple(order)

    @property
    def channel_axis(self):
        return self.order[1]

    def channels(self, shape):
        return shape[self.channel_axis]

    def spatial(self, shape):
        return tuple(shape[i] for i in self.order[2:])


def to_dimension_numbers(data_format):
    if data_format is None:
        data_format = "NHWC"
    data_format = lax.conv_general_permutations([data_format, "HWIO", data_format])
    return lax.ConvDimensionNumbers(*data_format)


def same_padding(spatial, kernel, strides):
    pads = []
    for d, k, s in zip(spatial, kernel, strides):
        out = -(-d // s)
        pad = max(0, (out - 1) * s + k - d)
        pads.append((pad // 2, pad - pad // 2))
    return tuple(pads)


def parse_arguments(shape, kernel, data_format="NHWC", dim_numbers=None):
    if dim_numbers is None:
        dim_numbers = to_dimension_numbers(data_format)
    spatial = Layout(dim_numbers.lhs_spec).spatial(shape)
    return kernel, same_padding(spatial, kernel, (1, 1)), dim_numbers


@functools.partial(jax.jit, static_argnums=(1, 2, 3))
def patch_moments(images, kernel, data_format="NHWC", dim_numbers=None):
    kernel, padding, dim_numbers = parse_arguments(
        images.shape, kernel, data_format=data_format, dim_numbers=dim_numbers
    )
    layout = Layout(dim_numbers.lhs_spec)
    c = layout.channels(images.shape)
    patches = lax.conv_general_dilated_patches(
        images, kernel, (1, 1), padding, dimension_numbers=dim_numbers
    )
    vector_shape = (c,) + kernel
    flat = jnp.reshape(jnp.moveaxis(patches, layout.channel_axis, -1), (-1, c * kernel[0] * kernel[1]))
    matrix = jnp.reshape(flat.T @ flat, vector_shape + vector_shape)
    if c > 1:
        matrix = jnp.transpose(matrix, (1, 2, 0, 4, 5, 3))
    target_shape = kernel + (c,)
    total = jnp.zeros(target_shape)
    for i in range(c):
        total = total.at[..., i].add(1.0)
    other = lax.conv_dimension_numbers(images.shape, kernel + (c, 1), (data_format, "HWIO", data_format))
    pads = lax.padtype_to_pads(layout.spatial(images.shape), kernel, (1, 1), "SAME")
    return matrix, total, jnp.zeros([p[0] + p[1] + other.rhs_spec[0] for p in pads])


RUNS = [
    lambda: patch_moments(jnp.ones((2, 5, 5, 3)), (3, 3)),
    lambda: patch_moments(jnp.ones((2, 3, 5, 5)), (3, 3), "NCHW"),
    lambda: patch_moments(jnp.ones((2, 4, 4, 1)), (2, 2)),
]
