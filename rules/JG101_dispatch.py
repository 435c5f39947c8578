"""JG101 through objects a helper receives: their methods and properties run in the trace.

`helper(u, obj)` called from a jitted function with a module-level instance `obj = Clip(0.0,
2.0)`: `obj.scale(u)` runs `Clip.scale` with the traced `u`, and the tracer it returns reaches
`Clip.check`, whose `if` needs its truth value. An instance built from a traced argument and
passed to a helper holds the tracer, and a property the helper reads runs its getter on it.
Each class a helper's parameter receives from traced code runs its own method (a subclass's
override reads arrays only); a method given Python values (`x.shape[0]`), and a getter reading
a Python attribute, stay in Python. An override that converts with NumPy in a `try` whose handler
catches the tracer error and returns goes on only with a concrete value: after it, the
converted value is a NumPy array.
"""

import jax
import jax.numpy as jnp
import numpy as np

# --- must be flagged -------------------------------------------------------------------------


class Clip:
    width = property(lambda self: self.hi - self.lo)

    def __init__(self, lo, hi):
        self.lo, self.hi = lo, hi

    def scale(self, u):
        return self.lo + u * self.width

    def check(self, v):
        if not (self.lo <= v <= self.hi):  # expect: JG101
            raise ValueError("outside the limits")
        return v


def objective(u, clip):
    v = clip.scale(u[0])
    return clip.check(v) ** 2


CLIP = Clip(0.0, 2.0)
run = jax.jit(lambda u: objective(u, CLIP))


class Schedule:
    def __init__(self, start, rate):
        self.start = start
        self.rate = rate

    @property
    def decay(self):
        if self.rate < 1.0:  # expect: JG101
            return self.rate
        return 1.0

    @property
    def offset(self):
        if self.start > 0.0:  # a Python float in every call here
            return self.start
        return 0.0


def rate_at(step, schedule):
    return schedule.offset + schedule.start * schedule.decay**step


@jax.jit
def lr_at(step, rate):
    return rate_at(step, Schedule(0.1, rate))


# --- must not be flagged ---------------------------------------------------------------------


class SafeClip(Clip):
    def check(self, v):
        return jnp.clip(v, self.lo, self.hi)


SAFE = SafeClip(0.0, 2.0)
run_safe = jax.jit(lambda u: objective(u, SAFE))


class EagerClip(Clip):
    def check(self, v):
        try:
            value = np.asarray(v)
        except jax.errors.TracerArrayConversionError:
            return jnp.clip(v, self.lo, self.hi)  # traced: clipped, not checked
        if not (self.lo <= value <= self.hi):  # a NumPy value here
            raise ValueError("outside the limits")
        return v


run_eager = jax.jit(lambda u: objective(u, EagerClip(0.0, 2.0)))


class Window:
    def __init__(self, width):
        self.width = width

    def fits(self, n):
        if n > self.width:  # a shape: a Python int
            raise ValueError("too long")
        return self.width - n


def padded(x, window):
    return jnp.pad(x, (0, window.fits(x.shape[0])))


WINDOW = Window(8)


@jax.jit
def pad_to_window(x):
    return padded(x, WINDOW)


RAISES = [
    (lambda: run(jnp.array([0.25])), "TracerBoolConversionError"),
    (lambda: lr_at(3, 0.5), "TracerBoolConversionError"),
]

RUNS = [
    lambda: run_safe(jnp.array([0.25])),
    lambda: run_eager(jnp.array([0.25])),
    lambda: EagerClip(0.0, 2.0).check(1.5),
    lambda: pad_to_window(jnp.ones(5)),
]
