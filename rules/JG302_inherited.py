"""JG302 through inheritance: a jitted method with `static_argnums`, defined on a base class and
called on an instance of a subclass (which does not override it) in a loop, with a static
argument that changes with the loop.

Python finds `scaled` on the base class, so `Shifted().scaled(x, k)` runs the base's jitted
method: `k` is static there, and each new value is one more XLA compile (JAX 0.10.2). The legal
form passes the changing number as a traced argument (`offset`, not in `static_argnums`); the
static one stays fixed across the loop.
"""

from functools import partial

import jax
import jax.numpy as jnp

# --- must be flagged ---------------------------------------------------------------------------


class Scaler:
    @partial(jax.jit, static_argnums=(0, 2))
    def scaled(self, x, k):
        return x * k

    @partial(jax.jit, static_argnums=(0, 2))
    def shifted(self, x, k, offset):
        return x * k + offset


class Shifted(Scaler):
    pass


def per_step_scale(n):
    s = Shifted()
    x = jnp.ones(3)
    for k in range(n):
        x = s.scaled(x, k)  # expect: JG302
    return x


# --- must not be flagged ---------------------------------------------------------------------


def per_step_offset(n):
    s = Shifted()
    x = jnp.ones(3)
    for k in range(n):
        x = s.shifted(x, 2, k)
    return x


GROWS = [per_step_scale]
BOUNDED = [per_step_offset]
