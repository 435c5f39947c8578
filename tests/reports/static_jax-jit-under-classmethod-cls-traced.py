# Report: jax-ml/jax#15727 https://github.com/jax-ml/jax/issues/15727
# Class: 5 (what reaches a static position: the class object bound by classmethod)
# Rule: JG206
# Reduced: "Cannot use jit for @classmethod": `@classmethod` over `@jax.jit def
# zeros(shape)`; the classmethod binds the class as the first positional argument of the
# jitted function, which traces it as an array (TypeError: "Cannot interpret value of type
# <class 'type'> as an abstract array" / "Error interpreting argument ... as an abstract
# array"). The answer in the thread: take `cls` explicitly and mark both `cls` and the shape
# static, `@partial(jax.jit, static_argnums=(0, 1))`.
from functools import partial

import jax
import jax.numpy as jnp


class A:
    def __init__(self):
        pass

    @classmethod
    @jax.jit
    def zeros(shape):
        return jnp.zeros(shape)


# --- must be flagged ---


def bug():
    return A.zeros((2, 3))  # expect: JG206


# --- must not be flagged ---


class B:
    def __init__(self):
        pass

    @classmethod
    @partial(jax.jit, static_argnums=(0, 1))
    def zeros(cls, shape):
        return jnp.zeros(shape)


def fixed():
    return B.zeros((2, 3))


RAISES = [(bug, "TypeError")]
RUNS = [fixed]
