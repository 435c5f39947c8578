# Report: jax-ml/jax#14718 https://github.com/jax-ml/jax/issues/14718
# Class: 1 (values inside containers and objects: a PRNG key returned as a pytree's aux data)
# Rule: JG203
# Reduced: "Unhashable types in pytree metadata are now allowed": a dataclass `Foo(a, b)` is
# registered with `register_pytree_node` by hand, its flatten function returning `(m.a,)` as the
# children and the key `m.b` (`jax.random.PRNGKey(0)`) as the aux data. The first jitted call
# runs ("works"), but aux data is part of the tree structure the jit cache compares, and "you
# will get an error if you modify `b` ... and try to run `f` again": in JAX 0.10.2 the second
# call with another key raises "Exception raised while checking equality of metadata fields of
# pytree". Fix: return the key among the children, so it is traced like `a`.
import dataclasses

import jax
from jax.tree_util import register_pytree_node


@dataclasses.dataclass
class Foo:
    a: int
    b: jax.Array


def flatten(m):
    return (m.a,), m.b


def unflatten(aux_data, children):
    return Foo(a=children[0], b=aux_data)


register_pytree_node(Foo, flatten, unflatten)


@dataclasses.dataclass
class FooKeyAsChild:
    a: int
    b: jax.Array


def flatten_key_as_child(m):
    return (m.a, m.b), None


def unflatten_key_as_child(aux_data, children):
    return FooKeyAsChild(a=children[0], b=children[1])


register_pytree_node(FooKeyAsChild, flatten_key_as_child, unflatten_key_as_child)


@jax.jit
def f(m):
    return m.a + m.b


# --- must be flagged ---


def bug():
    f(Foo(a=1, b=jax.random.PRNGKey(0)))
    return f(Foo(a=1, b=jax.random.PRNGKey(1)))  # expect: JG203


# --- must not be flagged ---


def fixed():
    f(FooKeyAsChild(a=1, b=jax.random.PRNGKey(0)))
    return f(FooKeyAsChild(a=1, b=jax.random.PRNGKey(1)))


RAISES = [(bug, "ValueError")]
RUNS = [fixed]
