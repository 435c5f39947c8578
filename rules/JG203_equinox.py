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


class Policy(eqx.Module):
    weights: object
    table: object = eqx.field(static=True)  # static: kept in the tree structure, compared with ==


@eqx.filter_jit
def act(policy, obs):
    return policy.weights @ obs


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


def array_in_a_static_field_two_instances(x):
    act(Policy(jnp.eye(2), jnp.ones((3, 2))), x)
    # a second instance: its static field is compared with the first's, array == array: no truth value
    return act(Policy(jnp.eye(2), jnp.ones((3, 2))), x)  # expect: JG203


# --- must not be flagged ---------------------------------------------------------------------


def python_values(x):
    scale = Scale(1.5, 2)
    return count(scale, x) + scale(x) + scale.twice(x) + count(Widths((1, 2)), x)


def converted_by_init_or_traced(x):
    return count(Sizes([1, 2], True), x) + jax.jit(lambda m, v: v * m.w)(Scale(jnp.ones(2), 2), x)


def tuples_in_a_static_field(x):
    act(Policy(jnp.eye(2), ((1, 0), (0, 1))), x)
    return act(Policy(jnp.eye(2), ((1, 0), (0, 1))), x)


@eqx.filter_jit
def act_alone(policy, obs):
    return policy.weights @ obs


def one_instance_with_an_array_in_a_static_field(x):
    policy = Policy(jnp.eye(2), jnp.ones((3, 2)))  # one instance: its field is the same object each call
    return act_alone(policy, x) + act_alone(policy, x)


RAISES = [
    (lambda: array_field_at_a_static_position(jnp.ones(2)), "ValueError"),
    (lambda: array_field_static_self(jnp.ones(2)), "ValueError"),
    (lambda: array_field_static_self_of_a_method(jnp.ones(2)), "ValueError"),
    (lambda: list_stored_by_init(jnp.ones(2)), "ValueError"),
    (lambda: array_in_a_static_field_two_instances(jnp.ones(2)), "ValueError"),
]

RUNS = [
    lambda: python_values(jnp.ones(2)),
    lambda: converted_by_init_or_traced(jnp.ones(2)),
    lambda: tuples_in_a_static_field(jnp.ones(2)),
    lambda: one_instance_with_an_array_in_a_static_field(jnp.ones(2)),
]
