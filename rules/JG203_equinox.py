"""JG203 unhashable-static-argument, `equinox.Module` instances: examples that must and must not be
flagged.

An `equinox.Module` hashes like a frozen dataclass: by all its fields, static or not. At a static
position (also as the static `self` of a jitted method) an instance holding an array or a list has
no hash (ValueError at the call).
"""

from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp


class Scale(eqx.Module):  # the generated __init__: fields in order
    w: object
    n: int = eqx.field(static=True)

    @partial(jax.jit, static_argnums=0)
    def __call__(self, x):
        return x * self.n

    @partial(jax.jit, static_argnums=0)
    def twice(self, x):
        return 2 * x * self.n


class Sizes(eqx.Module):
    sizes: object

    def __init__(self, sizes, as_tuple):
        self.sizes = tuple(sizes) if as_tuple else sizes


class Widths(eqx.Module):
    widths: object

    def __init__(self, widths):
        self.widths = widths


@partial(jax.jit, static_argnums=0)
def count(module, x):
    return x * 2


# --- must be flagged -------------------------------------------------------------------------


def array_field_at_a_static_position(x):
    return count(Scale(jnp.ones(2), 2), x)  # expect: JG203


def array_field_static_self(x):
    scale = Scale(w=jnp.ones(2), n=2)
    return scale(x)  # expect: JG203


def array_field_static_self_of_a_method(x):
    scale = Scale(jnp.ones(2), 2)
    return scale.twice(x)  # expect: JG203


def list_stored_by_init(x):
    return count(Widths([1, 2]), x)  # expect: JG203


# --- must not be flagged ---------------------------------------------------------------------


def python_values(x):
    scale = Scale(1.5, 2)
    return count(scale, x) + scale(x) + scale.twice(x) + count(Widths((1, 2)), x)


def converted_by_init_or_traced(x):
    return count(Sizes([1, 2], True), x) + jax.jit(lambda m, v: v * m.w)(Scale(jnp.ones(2), 2), x)


RAISES = [
    (lambda: array_field_at_a_static_position(jnp.ones(2)), "ValueError"),
    (lambda: array_field_static_self(jnp.ones(2)), "ValueError"),
    (lambda: array_field_static_self_of_a_method(jnp.ones(2)), "ValueError"),
    (lambda: list_stored_by_init(jnp.ones(2)), "ValueError"),
]

RUNS = [
    lambda: python_values(jnp.ones(2)),
    lambda: converted_by_init_or_traced(jnp.ones(2)),
]
