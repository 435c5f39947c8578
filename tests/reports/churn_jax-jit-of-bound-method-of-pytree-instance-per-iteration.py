# Report: jax-ml/jax#15338 https://github.com/jax-ml/jax/issues/15338
# Class: 6 (churn that comes from data: `jax.jit(obj.method)` built again in every iteration)
# Rule: JG301
# Reduced: "Recompilation of bounded methods": `A` is a registered pytree with no leaves and a
# method `do(self, key, shape)` drawing `jax.random.uniform(key, shape)`. In a loop,
# `jax.jit(do, static_argnums=2)(a, subkey, (2, 3, 4))` (a module-level function taking the
# instance) traces once, but `jax.jit(a.do, static_argnums=1)(subkey, (2, 3, 4))` retraces and
# recompiles on every iteration: each `a.do` attribute access makes a new bound-method object,
# and jit's cache is keyed on the callable, so every iteration is a cache miss. The free
# function is the form that works in the thread.
import jax
import jax.numpy as jnp
from jax.tree_util import register_pytree_node_class


@register_pytree_node_class
class A:
    def do(self, key, shape):
        return jax.random.uniform(key, shape)

    def tree_flatten(self):
        return (), {}

    @classmethod
    def tree_unflatten(cls, treedef, leaves):
        return cls(*leaves, **treedef)


# --- must be flagged ---


def bounded_method(n):
    a = A()
    key = jax.random.PRNGKey(42)
    for _ in range(n):
        key, subkey = jax.random.split(key)
        jax.jit(a.do, static_argnums=1)(subkey, (2, 3, 4))  # expect: JG301


# --- must not be flagged ---


def do(obj, key, shape):
    return obj.do(key, shape)


def function(n):
    a = A()
    key = jax.random.PRNGKey(42)
    for _ in range(n):
        key, subkey = jax.random.split(key)
        jax.jit(do, static_argnums=2)(a, subkey, (2, 3, 4))


GROWS = [bounded_method]
BOUNDED = [function]
