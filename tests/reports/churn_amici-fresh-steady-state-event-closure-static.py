# Report: AMICI-dev/AMICI#3197 https://github.com/AMICI-dev/AMICI/pull/3197
# Class: 6 (churn: a new closure built on every call and passed at a static position)
# Rule: JG302
# Reduced: "`diffrax.steady_state_event()` returns a new closure on every call, and Python compares
# closures by identity, not value. Since it's passed as a static argument into the
# `eqx.filter_jit`-compiled `JAXModel.simulate_condition` ..., constructing a fresh instance with
# identical settings on every call (e.g. once per iteration of an optimization loop) silently
# defeats the JIT cache and forces a full recompilation, even though only numeric parameters
# changed." Here `steady_state_event` is a local factory of the same shape (a closure over
# `rtol`/`atol`), `simulate_condition` a `jax.jit` with the event static that integrates a decay
# model to its steady state, and the loop an optimizer's parameter updates. Fix (the PR's): a
# value-compared event (`SteadyStateEvent`, here a frozen dataclass) whose fresh instances with
# the same settings hash equal, so the compiled executable is shared.
import dataclasses
from functools import partial

import jax
import jax.numpy as jnp


def steady_state_event(rtol=1e-6, atol=1e-6):
    def _cond_fn(y, dy):
        return jnp.linalg.norm(dy) < atol + rtol * jnp.linalg.norm(y)

    return _cond_fn


@dataclasses.dataclass(frozen=True)
class SteadyStateEvent:
    rtol: float = 1e-6
    atol: float = 1e-6

    def __call__(self, y, dy):
        return jnp.linalg.norm(dy) < self.atol + self.rtol * jnp.linalg.norm(y)


@partial(jax.jit, static_argnames=("event",))
def simulate_condition(p, y0, event):
    def body(carry, _):
        y, done = carry
        dy = -p * y
        y_new = jnp.where(done, y, y + 0.1 * dy)
        return (y_new, done | event(y, dy)), None

    (y, _), _ = jax.lax.scan(body, (y0, False), None, length=50)
    return y


# --- must be flagged ---


def run_simulations(n):
    p = jnp.array([1.0, 0.5])
    out = []
    for _ in range(n):
        y = simulate_condition(p, jnp.ones(2), event=steady_state_event())  # expect: JG302
        p = p * 0.9
        out.append(y)
    return out


# --- must not be flagged ---


def run_simulations_value_event(n):
    p = jnp.array([1.0, 0.5])
    out = []
    for _ in range(n):
        y = simulate_condition(p, jnp.ones(2), event=SteadyStateEvent())
        p = p * 0.9
        out.append(y)
    return out


def run_simulations_one_event(n):
    p = jnp.array([1.0, 0.5])
    event = steady_state_event()
    out = []
    for _ in range(n):
        out.append(simulate_condition(p, jnp.ones(2), event=event))
        p = p * 0.9
    return out


GROWS = [run_simulations]
BOUNDED = [run_simulations_value_event, run_simulations_one_event]
