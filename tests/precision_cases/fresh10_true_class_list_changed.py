"""True look-alike of ``fresh10_class_constant_sweep.py``: a class attribute that does not keep
the collection its class body bound. A list the class body binds and a method extends
(``self.SIZES.append(size)``) grows with the steps, and an instance attribute of the same name
(``self.SCALES = [...]`` in ``__init__``) shadows the class constant with a list as long as the
caller asks: a jit of a new closure per element then compiles more for 4 steps than for 2 (JAX
0.10.2).
"""

import jax
import jax.numpy as jnp


class Buckets:
    SIZES = [2]

    def add(self, size):
        self.SIZES.append(size)

    def warm(self):
        return [jax.jit(lambda x, s=s: x[:s].sum())(jnp.ones(16)) for s in self.SIZES]  # expect: JG301


class Shadowed:
    SCALES = (1.0, 2.0)

    def __init__(self, n):
        self.SCALES = [float(i) for i in range(n)]

    def run(self):
        return [jax.jit(lambda x: x * s)(jnp.ones(2)) for s in self.SCALES]  # expect: JG301


def buckets(n):
    b = Buckets()
    out = []
    for i in range(n):
        b.add(3 + i % 8)
        out.extend(b.warm())
    return out


def shadowed(n):
    return Shadowed(n).run()


GROWS = [buckets, shadowed]
