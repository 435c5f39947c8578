# Report: jax-ml/jax#14033 https://github.com/jax-ml/jax/issues/14033
# Class: 1 (values inside objects: a JAX array kept as pytree metadata, compared inside jit)
# Rule: JG101
# Reduced: the issue's `CustomValue` keeps its only member in `aux_data`; called with a JAX
# array, `x.a == 1` inside the jitted function is traced and the `if` fails (a Python float or
# a NumPy array works). Fix: keep a Python number in the metadata.
import jax
import jax.numpy as jnp
from jax.tree_util import register_pytree_node_class


@register_pytree_node_class
class CustomValue:
    def __init__(self, a):
        self.a = a

    def tree_flatten(self):
        return (), (self.a,)

    @classmethod
    def tree_unflatten(cls, aux_data, children):
        return cls(*aux_data)


# --- must be flagged ---


@jax.jit
def fun(x):
    if x.a == 1:  # expect: JG101
        return jnp.ones(())
    return jnp.zeros(())


def bug():
    return fun(CustomValue(jnp.array(1.0)))


# --- must not be flagged ---


@jax.jit
def fun_python_meta(x):
    if x.a == 1:
        return jnp.ones(())
    return jnp.zeros(())


def fixed():
    return fun_python_meta(CustomValue(1.0))


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
