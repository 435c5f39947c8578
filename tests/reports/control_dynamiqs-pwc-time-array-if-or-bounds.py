# Report: dynamiqs/dynamiqs#406 https://github.com/dynamiqs/dynamiqs/pull/406
# Class: 1 (values inside containers and objects: a time array's breakpoints compared with traced t)
# Rule: JG101 (the `or` is inside an `if` test; the corpus labels `if <traced> and/or ...:` JG101)
# Reduced: "Fix time array implementation": the piecewise-constant time array's `__call__` is
# `if t < self.times[0] or t >= self.times[-1]: return zeros ... else: idx = jnp.searchsorted(...)`;
# review: "I think this needs to be modified with some `lax` function to account for the if
# statement with the jit" ("let's fix JIT-stuff in another PR"). The solvers call H(t) inside a
# jitted vector field, so `t` is a tracer. Here the time array is a plain class and the solver is a
# jitted Euler step of dy/dt = -i H(t) y. Fix: select with `jnp.where` on the traced condition.
import jax
import jax.numpy as jnp

# --- must be flagged ---


class PWCTimeArray:
    def __init__(self, times, values):
        self.times = times
        self.values = values

    def __call__(self, t):
        if t < self.times[0] or t >= self.times[-1]:  # expect: JG101
            return jnp.zeros_like(self.values[..., 0])
        else:
            idx = jnp.searchsorted(self.times, t, side="right") - 1
            return self.values[..., idx]


H = PWCTimeArray(jnp.array([0.0, 1.0, 2.0, 3.0]), jnp.array([1.0, 2.0, 3.0]))


@jax.jit
def euler_step(t, y, dt):
    return y - 1j * dt * H(t) * y


def bug():
    return euler_step(0.5, jnp.ones(2, dtype=jnp.complex64), 0.1)


# --- must not be flagged ---


class PWCTimeArrayFixed:
    def __init__(self, times, values):
        self.times = times
        self.values = values

    def __call__(self, t):
        idx = jnp.clip(jnp.searchsorted(self.times, t, side="right") - 1, 0, self.values.shape[-1] - 1)
        inside = (t >= self.times[0]) & (t < self.times[-1])
        return jnp.where(inside, self.values[..., idx], jnp.zeros_like(self.values[..., 0]))


H_fixed = PWCTimeArrayFixed(jnp.array([0.0, 1.0, 2.0, 3.0]), jnp.array([1.0, 2.0, 3.0]))


@jax.jit
def euler_step_fixed(t, y, dt):
    return y - 1j * dt * H_fixed(t) * y


def fixed():
    return euler_step_fixed(0.5, jnp.ones(2, dtype=jnp.complex64), 0.1)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
