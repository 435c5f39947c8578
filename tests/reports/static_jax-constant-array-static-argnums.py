# Report: jax-ml/jax#4572 https://github.com/jax-ml/jax/issues/4572
# Class: 5 (what reaches a static position: a constant JAX array)
# Rule: JG203
# Reduced: "I have a JIT'ed function that I specify with static_argnums. The static arguments are
# really just constant arrays"; at the time they were hashed by identity, and JAX now raises
# "Non-hashable static arguments are not supported". The answer gives a wrapper with `__hash__`
# and `__eq__` (hashing the values) for arrays that must be static; that wrapper is the legal
# look-alike here, next to simply passing the array traced.
import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnums=(1,))
def f(x, table):
    return x * table.sum()


class HashableArrayWrapper:
    def __init__(self, val):
        self.val = val

    def __hash__(self):
        return int(jnp.sum(self.val))

    def __eq__(self, other):
        return isinstance(other, HashableArrayWrapper) and bool(jnp.all(jnp.equal(self.val, other.val)))


@functools.partial(jax.jit, static_argnums=(1,))
def f_wrapped(x, table):
    return x * table.val.sum()


# --- must be flagged ---


def bug():
    table = jnp.array([1.0, 2.0, 3.0])
    return f(jnp.ones(3), table)  # expect: JG203


# --- must not be flagged ---


def fixed():
    table = jnp.array([1.0, 2.0, 3.0])
    a = jax.jit(lambda x, t: x * t.sum())(jnp.ones(3), table)
    b = f_wrapped(jnp.ones(3), HashableArrayWrapper(table))
    return a, b


RAISES = [(bug, "ValueError")]
RUNS = [fixed]
