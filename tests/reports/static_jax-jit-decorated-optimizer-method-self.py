# Report: jax-ml/jax#15115 https://github.com/jax-ml/jax/issues/15115
# Class: 5 (what reaches a traced position: `self` of a method decorated with a plain `@jit`)
# Rule: JG206 (an instance of a plain class passed where the jitted function traces its argument)
# Reduced: "TypeError: Cannot interpret value of type <class '__main__.opt'> as an abstract array":
# the user decorates a method of their optimizer class `opt` with `@jit`; the method's first
# argument is the instance itself, which JAX cannot trace. The colab's class is not shown in the
# thread; here `opt` keeps the described shape (an optimizer object whose jitted `opt` method
# updates parameters from gradients, hyperparameters stored on `self`). Fix (the answer in the
# thread): `@functools.partial(jit, static_argnums=(0,))` (a plain instance hashes by identity).
import functools

import jax.numpy as jnp
from jax import grad, jit


def loss(params, x):
    return jnp.sum((x @ params) ** 2)


# --- must be flagged ---


class opt:
    def __init__(self, lr=0.01):
        self.lr = lr

    @jit
    def opt(self, params, x):
        g = grad(loss)(params, x)
        return params - self.lr * g


def bug():
    optimizer = opt(0.01)
    return optimizer.opt(jnp.ones((3, 2)), jnp.ones((4, 3)))  # expect: JG206


# --- must not be flagged ---


class OptStatic:
    def __init__(self, lr=0.01):
        self.lr = lr

    @functools.partial(jit, static_argnums=(0,))
    def opt(self, params, x):
        g = grad(loss)(params, x)
        return params - self.lr * g


def fixed():
    optimizer = OptStatic(0.01)
    return optimizer.opt(jnp.ones((3, 2)), jnp.ones((4, 3)))


RAISES = [(bug, "TypeError")]
RUNS = [fixed]
