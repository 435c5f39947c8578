"""A loop over a tuple or list a class body binds (``for mu0 in Conservation.MU0:``,
``for size in self.SIZES:``) runs a fixed number of times, however long the program runs.

A class body runs once, when the class is created: the attribute holds that one collection for
the whole program, unless the module stores another value under its name (``self.MU0 = ...``,
``Conservation.MU0 = ...``) or changes the list in place (``self.SIZES.append(n)``). So a jit of a
new closure per element, each closing over its element (a different program each), compiles once
per element: as many compiles for 2 steps as for 4 (checked on JAX 0.10.2). The same holds for a
loop over the literal itself (``bounded_loops.py``).
(``tests/precision_cases/fresh10_true_class_list_changed.py``: a class list extended per step, and
an instance attribute shadowing the class constant, compile more for 4 steps than for 2.)

Seen as (held-out 10): a test class sweeps ``for mu0 in OtherTestClass.MU0:`` (``MU0 = (0.1, 0.5,
1.0)`` in another test class's body), builds ``grad = jax.jit(jax.grad(scalar))`` of a closure
over ``mu0``, and calls it over an inner sweep of optical depths.
"""

import jax
import jax.numpy as jnp


class Conservation:
    MU0 = (0.1, 0.5, 1.0)


class Base:
    SIZES = [2, 4]


class Gradients(Base):
    def sweep(self, n):
        out = []
        for mu0 in Conservation.MU0:

            def scalar(x):
                return jnp.sum(x / mu0)

            grad = jax.jit(jax.grad(scalar))
            for _ in range(n):
                out.append(grad(jnp.ones(3)))
        for size in self.SIZES:
            f = jax.jit(lambda x: x.reshape(size, -1).sum())
            for _ in range(n):
                out.append(f(jnp.ones(8)))
        return out

    @classmethod
    def tiles(cls):
        return [jax.jit(lambda x, s=s: x.reshape(-1, s).sum())(jnp.ones(8)) for s in cls.SIZES]


def sweep(n):
    return Gradients().sweep(n)


RUNS = [lambda: sweep(2), Gradients.tiles]
BOUNDED = [sweep]
