"""JG301 through a class hierarchy: a base class's loop calls `self.step(x)`, and the subclass
the code runs it on overrides `step` with a `jax.jit` of a new function object at every call.

Python looks `step` up on the instance's class, so `Doubler().run(x, n)` runs `Doubler.step` in
`Integrator.run`'s loop: each iteration jits a new lambda, JAX's cache misses and the function is
traced and compiled again (JAX 0.10.2: one compile per iteration). The legal form jits one
function object, made once at module level.
"""

import jax
import jax.numpy as jnp

# --- must be flagged ---------------------------------------------------------------------------


class Integrator:
    def run(self, x, n):
        for _ in range(n):
            x = self.step(x)
        return x

    def step(self, x):
        return x


class Doubler(Integrator):
    def step(self, x):
        return jax.jit(lambda y: y * 2.0)(x)  # expect: JG301


def doubled(n):
    return Doubler().run(jnp.ones(3), n)


# --- must not be flagged ---------------------------------------------------------------------


def _halve(y):
    return y * 0.5


_halve_jit = jax.jit(_halve)


class Halver(Integrator):
    def step(self, x):
        return _halve_jit(x)


def halved(n):
    return Halver().run(jnp.ones(3), n)


GROWS = [doubled]
BOUNDED = [halved]
