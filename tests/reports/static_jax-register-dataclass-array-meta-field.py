# Report: jax-ml/jax#24204 https://github.com/jax-ml/jax/issues/24204
# Class: 5 (what reaches a static position: an array in a `register_dataclass` meta field)
# Rule: JG203; no rule names pytree metadata; JG203 (an unhashable value where JAX needs a static one) is the closest
# Reduced: the thread's stripped-down repro: `Foo` registered with `meta_fields=['a']` and a JAX
# array in `a`; the jitted identity accepts the first instance and raises for an equal second
# one, when JAX compares the metadata. Fix: the array is data (`data_fields=['a']`).
from dataclasses import dataclass

import jax

# --- must be flagged ---


@dataclass
class Foo:
    a: jax.Array


jax.tree_util.register_dataclass(Foo, data_fields=[], meta_fields=["a"])


def bug():
    func = jax.jit(lambda x: x)
    foo1 = Foo(jax.numpy.arange(4))
    func(foo1)
    foo2 = Foo(jax.numpy.arange(4))
    return func(foo2)  # expect: JG203


# --- must not be flagged ---


@dataclass
class Bar:
    a: jax.Array


jax.tree_util.register_dataclass(Bar, data_fields=["a"], meta_fields=[])


def fixed():
    func = jax.jit(lambda x: x)
    func(Bar(jax.numpy.arange(4)))
    return func(Bar(jax.numpy.arange(4))).a


RAISES = [(bug, "ValueError")]
RUNS = [fixed]
