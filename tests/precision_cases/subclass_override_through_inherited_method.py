"""An inherited method calling `self.other()` on a subclass instance runs the subclass's override.

`StiffSpring(q).response(t)` runs `Spring.response` (inherited) with `self` the StiffSpring, so
`self.damping()` there is `StiffSpring.damping`, which reads the traced `q` with `jnp` only; the
base class's `damping`, which branches on `self.q` in Python, never runs. Built in the jitted
function directly, or passed to a helper that calls the inherited method.
Before 2026-12-05 the analysis resolved `self.damping()` to the enclosing class's method and
reported the base class's `if` (JG101) for these calls.
"""

import jax
import jax.numpy as jnp


class Spring:
    def __init__(self, q):
        self.q = q

    def damping(self):
        if self.q < 0.5:
            return self.q
        return 2.0 * self.q

    def response(self, t):
        return self.damping() * t


class StiffSpring(Spring):
    def __init__(self, q):
        self.q = q

    def damping(self):
        return jnp.sqrt(self.q)


def energy(spring, t):
    return spring.response(t) ** 2


@jax.jit
def stiff_response(q):
    return StiffSpring(q).response(1.0)


@jax.jit
def stiff_energy(q):
    return energy(StiffSpring(q), 2.0)


RUNS = [
    lambda: stiff_response(0.3),
    lambda: stiff_energy(0.3),
    lambda: Spring(0.3).response(1.0),  # eagerly the base class branches on a Python float
]
