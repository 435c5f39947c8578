"""JG301 on a jit a function returns: made anew by each call, called by a caller that runs again and again.

`return jax.jit(jax.grad(lambda w: ...))` (a closure, a `partial`, a transform's result, a nested
def) makes a new function object on every call, and `jax.jit` caches on the function object: a
caller that binds the result and calls it (or calls it inline) compiles once per run, and when
that caller runs per item of a loop (directly or through its own callers), every item compiles
again (checked under JAX 0.10.2: 2 runs, 2 compiles; 4 runs, 4). A jit of a module-level function
is one cache however often it is made; a factory cached with `functools.cache`, or one whose result
is built once and kept, compiles once.

GROWS: loops that the oracle runs twice (n=2, then n=4): JAX compiles again on the second run.
BOUNDED: the legal look-alikes: the second run compiles nothing new.
"""

from functools import cache, partial

import jax
import jax.numpy as jnp


def misfit(w, target):
    return jnp.sum((w - target) ** 2)


# --- must be flagged -------------------------------------------------------------------------


class Calibrator:
    def _gradient(self, target):
        return jax.jit(jax.grad(lambda w: misfit(w, target)))  # expect: JG301

    def calibrate(self, w, target, steps=2):
        grad = self._gradient(target)
        for _ in range(steps):
            w = w - 0.1 * grad(w)
        return w


def calibrate_each(n):
    calibrator = Calibrator()
    return [calibrator.calibrate(jnp.zeros(3), jnp.full(3, 1.0)) for _ in range(n)]


def shifted_misfit(offset):
    fn = jax.jit(partial(misfit, target=jnp.full(3, offset)))  # expect: JG301
    return fn


def score(w, offset):
    return shifted_misfit(offset)(w)


def score_each(n):
    return [score(jnp.ones(3), 2.0) for _ in range(n)]


def batched_misfit(target):
    def one(w):
        return misfit(w, target)

    return jax.jit(jax.vmap(one))  # expect: JG301


def evaluate(ws, target):
    batched = batched_misfit(target)
    return batched(ws)


def evaluate_per_epoch(n):
    out = []
    for _ in range(n):
        out.append(evaluate(jnp.ones((2, 3)), jnp.zeros(3)))
    return out


class Annealer:
    def _step_for(self, temperature):
        return jax.jit(lambda w: w - temperature * jax.grad(misfit)(w, jnp.zeros(3)))  # expect: JG301

    def anneal(self, w, n):
        for k in range(n):
            step = self._step_for(1.0 / (k + 1))  # a new jit on every iteration
            w = step(w)
        return w


def anneal_once(n):
    return Annealer().anneal(jnp.ones(3), n)


# --- must not be flagged ---------------------------------------------------------------------


def module_gradient():
    return jax.jit(misfit)  # a module-level function: every jit of it shares one cache


def fit(w, target):
    return module_gradient()(w, target)


def fit_each(n):
    return [fit(jnp.ones(3), jnp.zeros(3)) for _ in range(n)]


@cache
def cached_gradient(offset):
    return jax.jit(jax.grad(lambda w: misfit(w, offset)))  # one jitted function per offset, kept


def descend(w, offset):
    return w - 0.1 * cached_gradient(offset)(w)


def descend_each(n):
    return [descend(jnp.ones(3), 1.0) for _ in range(n)]


class Smoother:
    def _compiled(self, target):
        return jax.jit(jax.grad(lambda w: misfit(w, target)))

    def __init__(self, target):
        self.grad = self._compiled(target)  # built once per instance, kept

    def smooth(self, w):
        return w - 0.1 * self.grad(w)


def smooth_each(n):
    smoother = Smoother(jnp.zeros(3))
    return [smoother.smooth(jnp.ones(3)) for _ in range(n)]


def build_once(target):
    return jax.jit(jax.grad(lambda w: misfit(w, target)))


def run_built_once(n):
    grad = build_once(jnp.zeros(3))  # called once, before the loop
    w = jnp.ones(3)
    for _ in range(n):
        w = w - 0.1 * grad(w)
    return w


class Tempering:
    def _step_for(self, temperature):
        return jax.jit(lambda w: w * temperature)

    def schedule(self, w):
        for temperature in (1.0, 0.5):  # a fixed schedule: two jits however long the program runs
            step = self._step_for(temperature)
            w = step(w)
        return w


def temper_once(n):
    return Tempering().schedule(jnp.ones(3))


GROWS = [calibrate_each, score_each, evaluate_per_epoch, anneal_once]
BOUNDED = [fit_each, descend_each, smooth_each, run_built_once, temper_once]
