"""JG302 under `equinox.filter_jit`: a fresh non-array object per iteration is a new static value.

`eqx.filter_jit` traces the array leaves of its arguments and keeps every other leaf static. A
closure, a `functools.partial`, or a NamedTuple of closures (an optimizer built like optax's) is
no array: it is static, and it compares by identity, so one built anew on each iteration is a
new static value and the function traces and compiles again every time (equinox#940, checked
under JAX 0.10.2 with equinox). The same object built once and passed every time compiles once;
so does a new array (traced) on each iteration.
"""

from typing import Callable, NamedTuple

import equinox as eqx
import jax.numpy as jnp


class Schedule(NamedTuple):
    rate: Callable
    decay: Callable


def make_schedule(base):
    def rate(step):
        return base / (1.0 + step)

    def decay(value):
        return 0.9 * value

    return Schedule(rate, decay)


def make_damping(factor):
    def damp(v):
        return v * factor

    return damp


@eqx.filter_jit
def apply(v, step, schedule, damp):
    return damp(schedule.decay(v) * schedule.rate(step))


# --- must be flagged -------------------------------------------------------------------------


def run_new_schedule_each_step(n):
    v = jnp.ones(3)
    for i in range(n):
        v = apply(v, jnp.asarray(i), make_schedule(0.1), make_damping(0.5))  # expect: JG302
    return v


# --- must not be flagged ---------------------------------------------------------------------


SCHEDULE, DAMP = make_schedule(0.1), make_damping(0.5)


def run_one_schedule(n):
    v = jnp.ones(3)
    for i in range(n):
        v = apply(v, jnp.asarray(i), SCHEDULE, DAMP)  # the same objects, a new array step: one compile
    return v


def run_schedule_built_before_the_loop(n):
    v, schedule, damp = jnp.ones(3), make_schedule(0.1), make_damping(0.5)
    for i in range(n):
        v = apply(v, jnp.asarray(i), schedule, damp)
    return v


GROWS = [run_new_schedule_each_step]
BOUNDED = [run_one_schedule, run_schedule_built_before_the_loop]
