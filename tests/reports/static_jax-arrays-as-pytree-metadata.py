# Report: jax-ml/jax#19547 https://github.com/jax-ml/jax/issues/19547
# Class: 5 (what reaches a static position: arrays as pytree metadata)
# Rule: JG203; no rule names pytree metadata; JG203 (an unhashable value where JAX needs a static one) is the closest
# Reduced: the issue's `SimpleClass` keeps `x` (a JAX array) in `aux_data`; the jitted identity
# works for the first instance and fails for an equal second one, when JAX compares the
# metadata. Fix: `x` is data: flatten it as a child.
import jax
from jax import numpy as jnp
from jax.tree_util import register_pytree_node_class

# --- must be flagged ---


@register_pytree_node_class
class SimpleClass:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def tree_flatten(self):
        return (self.y,), (self.x,)

    @classmethod
    def tree_unflatten(cls, aux_data, children):
        (x,) = aux_data
        (y,) = children
        return cls(x, y)


def func(param):
    return param


def bug():
    jfunc = jax.jit(func)
    a = SimpleClass(x=jnp.array([1, 2]), y=jnp.array([2.5, 3.5, 4.5, 5.5]))
    b = SimpleClass(x=jnp.array([1, 2]), y=jnp.array([2.5, 3.5, 4.5, 5.5]))
    jfunc(a)
    return jfunc(b)  # expect: JG203


# --- must not be flagged ---


@register_pytree_node_class
class DataClass:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def tree_flatten(self):
        return (self.x, self.y), None

    @classmethod
    def tree_unflatten(cls, aux_data, children):
        return cls(*children)


def fixed():
    jfunc = jax.jit(func)
    a = DataClass(x=jnp.array([1, 2]), y=jnp.array([2.5, 3.5, 4.5, 5.5]))
    b = DataClass(x=jnp.array([1, 2]), y=jnp.array([2.5, 3.5, 4.5, 5.5]))
    jfunc(a)
    return jfunc(b).y


RAISES = [(bug, "ValueError")]
RUNS = [fixed]
