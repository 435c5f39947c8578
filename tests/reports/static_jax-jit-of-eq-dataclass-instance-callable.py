# Report: jax-ml/jax#17197 https://github.com/jax-ml/jax/issues/17197
# Class: 1 (values inside containers and objects: a callable dataclass instance given to jit)
# Rule: JG203; no rule names it exactly: the object handed to `jax.jit` is itself hashed for the cache
# Reduced: "Dataclass cannot be hashed.": a dataclass with `__call__`, registered as a pytree, is
# jitted directly (`jax.jit(a)`) and calling the result raises `TypeError: unhashable type`, while
# the same thing with a plain class works; the answer: a dataclass with `eq=True` (the default)
# sets `__hash__` to None, and jit hashes the function it is given. Here the callable is a scaled
# linear layer. Fix (from the answer): `@dataclass(eq=False)` keeps identity hashing.
import dataclasses

import jax
import jax.numpy as jnp


def _flatten(obj):
    return (obj.val,), None


# --- must be flagged ---


@dataclasses.dataclass
class A:
    val: jax.Array

    def __call__(self, x):
        return self.val * x


jax.tree_util.register_pytree_node(A, _flatten, lambda aux, children: A(*children))


def bug():
    a = A(jnp.zeros(10))
    fast_call_a = jax.jit(a)
    return fast_call_a(1.0)  # expect: JG203


# --- must not be flagged ---


@dataclasses.dataclass(eq=False)
class B:
    val: jax.Array

    def __call__(self, x):
        return self.val * x


jax.tree_util.register_pytree_node(B, _flatten, lambda aux, children: B(*children))


def fixed():
    b = B(jnp.zeros(10))
    fast_call_b = jax.jit(b)
    return fast_call_b(1.0)


RAISES = [(bug, "TypeError")]
RUNS = [fixed]
