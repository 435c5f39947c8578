"""JG102 through a helper method that takes the array module as a parameter (`xp=np`) and is
called with `xp=jnp`: what it returns is traced.

Code written for NumPy and JAX alike passes the array module on (`self.phase(xp=xp)`); a helper
returning `xp.arctan2(...)` of traced values returns a tracer when the call gives it `jax.numpy`,
and a Python `while` on it raises TracerBoolConversionError (JAX 0.10.2). The reading of the
helper's result follows the module the call passes, also when that call is seen after the
helper's result was first read. A helper given NumPy on static values stays a Python number.
"""

import jax
import jax.numpy as jnp
import numpy as np

# --- must be flagged -------------------------------------------------------------------------


class Wave:
    def __init__(self, sine, cosine, period=1.0):
        self.sine, self.cosine, self.period = sine, cosine, period

    def phase(self, xp=np):
        return xp.arctan2(self.sine, self.cosine) / (2 * xp.pi)

    def wrapped_phase(self, xp=np):
        p = self.phase(xp=xp)
        while p < 0.0:  # expect: JG102
            p += self.period
        return p


@jax.jit
def wave_phase(s, c):
    return Wave(s, c).wrapped_phase(xp=jnp)


# --- must not be flagged ---------------------------------------------------------------------


class Dial:
    def __init__(self, turns, period=1.0):
        self.turns, self.period = turns, period

    def position(self, xp=np):
        return xp.mod(self.turns, self.period)

    def wrapped(self, xp=np):
        p = self.position(xp=xp)
        return xp.mod(p + self.period / 2, self.period) - self.period / 2


@jax.jit
def dial_position(t):
    return Dial(t).wrapped(xp=jnp)


def steps_of_a_static_dial():
    p = Dial(2.5).position(xp=np)
    n = 0
    while p > 0.0:
        p -= 1.0
        n += 1
    return n


RAISES = [(lambda: wave_phase(jnp.float32(-0.5), jnp.float32(-0.5)), "TracerBoolConversionError")]

RUNS = [lambda: dial_position(jnp.float32(1.7)), steps_of_a_static_dial]
