"""JG302 loop-varying-static-argument: examples that must and must not be flagged."""

import enum
import itertools
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("lr",))
def sgd(w, g, lr):
    return w - lr * g


@partial(jax.jit, static_argnums=(1,))
def power(x, k):
    return x**k


# --- must be flagged -------------------------------------------------------------------------


def schedule_as_static(n):
    w = jnp.ones(3)
    for step in range(n):
        lr = 0.1 / (1 + step)
        w = sgd(w, jnp.ones(3), lr=lr)  # expect: JG302
    return w


def loop_index_as_static(n):
    return [power(jnp.ones(2), i) for i in range(n)]  # expect: JG302


def while_counter(n):
    x, k = jnp.ones(2), 1
    while k <= n:
        x = power(x, k)  # expect: JG302
        k += 1
    return x


class Schedule:  # no __eq__/__hash__: equal only to itself
    def __init__(self, rate):
        self.rate = rate


@partial(jax.jit, static_argnames=("schedule",))
def scaled(x, schedule):
    return x * schedule.rate


def new_static_object_each_step(n):
    x = jnp.ones(2)
    for _ in range(n):
        x = scaled(x, schedule=Schedule(0.5))  # expect: JG302
    return x


# --- must not be flagged ---------------------------------------------------------------------


_SCHEDULE = Schedule(0.5)


def one_static_object(n):
    x = jnp.ones(2)
    for _ in range(n):
        x = scaled(x, schedule=_SCHEDULE)
    return x


def constant_static(n):
    w = jnp.ones(3)
    for _ in range(n):
        w = sgd(w, jnp.ones(3), lr=0.1)
    return w


def warm_up_fixed_modes(n):
    outs = []
    for k in (1, 2, 3):
        outs.append(power(jnp.ones(2), k))
    return outs, n


def bounded_parity(n):
    return [power(jnp.ones(2), i % 2) for i in range(n)]


class Mode(enum.Enum):
    TRAIN = 1
    EVAL = 2


@partial(jax.jit, static_argnames=("k", "mode"))
def power_in_mode(x, k, mode):
    return x**k if mode is Mode.TRAIN else -(x**k)


def sweep_of_fixed_settings(n):
    # every (k, mode) pair of a fixed grid: 4 compiles, however many steps follow
    outs = [power_in_mode(jnp.ones(2), k, mode) for k, mode in itertools.product((1, 2), Mode)]
    for mode in Mode:
        outs.append(power_in_mode(jnp.ones(2), 1, mode))
    return outs, n


@jax.jit
def sgd_traced(w, g, lr):
    return w - lr * g


def schedule_as_traced(n):
    w = jnp.ones(3)
    for step in range(n):
        w = sgd_traced(w, jnp.ones(3), 0.1 / (1 + step))
    return w


GROWS = [schedule_as_static, loop_index_as_static, while_counter, new_static_object_each_step]
BOUNDED = [one_static_object, constant_static, warm_up_fixed_modes, bounded_parity, schedule_as_traced,
           sweep_of_fixed_settings]
