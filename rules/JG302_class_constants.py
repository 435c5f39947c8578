"""JG302 on loops over a class constant: a tuple a class body binds is one fixed collection.

A class body runs once, when the class is created, so a loop over `self.POWERS` runs over the same
three values however often it runs: a static argument taken from it compiles three times in all
(bounded, not churn). A list the class body binds and a method extends, or an instance attribute
of the same name, is no longer that collection: the loop grows with the steps. (Kept apart from
rules/JG302.py: a module that stores attributes through `__dict__` or `setattr` with a computed
name may shadow any class constant, and the linter then stops trusting them.)
"""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("k",))
def power(x, k):
    return x**k


# --- must be flagged -------------------------------------------------------------------------


class Growing:
    GROWN = [1]

    def add(self, k):
        self.GROWN.append(k)  # changes the class's list in place

    def warm_up(self):
        return [power(jnp.ones(2), k) for k in self.GROWN]  # expect: JG302


def warm_up_growing_powers(n):
    g = Growing()
    out = []
    for i in range(n):
        g.add(i + 2)
        out.append(g.warm_up())
    return out


# --- must not be flagged ---------------------------------------------------------------------


class Warmer:
    POWERS = (1, 2, 3)  # bound once, when the class is created; nothing rebinds it

    def warm_up(self):
        return [power(jnp.ones(2), k) for k in self.POWERS]


def warm_up_class_powers(n):
    return [Warmer().warm_up() for _ in range(n)]


GROWS = [warm_up_growing_powers]
BOUNDED = [warm_up_class_powers]
