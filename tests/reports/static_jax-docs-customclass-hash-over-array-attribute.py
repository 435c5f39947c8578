# Report: jax-ml/jax#39858 https://github.com/jax-ml/jax/issues/39858
# Class: 1 (values inside containers and objects: an array inside a static `self`)
# Rule: JG203
# Reduced: the docs' "how to use jit with methods", Strategy 2 (Common Gotchas): `CustomClass`
# annotates `x: jnp.ndarray`, marks `self` static with `@partial(jit, static_argnums=0)` and
# defines `__hash__`/`__eq__` over `(self.x, self.mul)`. Storing an array in `x`, as the
# annotation invites, makes `hash(self)` fail, so the method call raises (ValueError:
# Non-hashable static arguments). The docs cells pass `x=2` and never notice (fix PR #39873).
# Fix: keep only hashable Python values in a static `self` (or make the class a pytree).
from functools import partial

import jax.numpy as jnp
from jax import jit


class CustomClass:
    def __init__(self, x: jnp.ndarray, mul: bool):
        self.x = x
        self.mul = mul

    @partial(jit, static_argnums=0)
    def calc(self, y):
        if self.mul:
            return self.x * y
        return y

    def __hash__(self):
        return hash((self.x, self.mul))

    def __eq__(self, other):
        return (isinstance(other, CustomClass) and
                (self.x, self.mul) == (other.x, other.mul))


# --- must be flagged ---


def bug():
    c = CustomClass(jnp.array(2.0), True)
    return c.calc(3)  # expect: JG203


# --- must not be flagged ---


def fixed():
    c = CustomClass(2.0, True)
    return c.calc(3)


RAISES = [(bug, "ValueError")]
RUNS = [fixed]
