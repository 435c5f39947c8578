"""A function that takes either a problem object or a step function first
(`if isinstance(fn_or_problem, Problem): ... if n_steps is None: n_steps = state0`, the
`spectrum(problem, n_steps)` form), called from traced code with a lambda: `isinstance(f, C)` of a
function object and a class `C` made by `type` (a dataclass, a NamedTuple, a plain class) checks
`C` against the function's class's MRO (`function`, `object`) and is False, so the branch that
reads the step count off the traced `state0` does not run in that trace, and `n_steps` stays the
Python int the caller passed: `if n_steps <= 0`, `lax.scan(..., length=n_renorm)` and
`jnp.arange(n_renorm + 1)` see a Python int under `vmap`. The traced caller is in this module
(`sweep_here`) and in another (`_fresh22_function_passed_where_a_class_is_tested_sweep.py`).

Seen as: the twenty-second held-out set's Lyapunov-spectrum library (docs/precision.md,
"Twenty-second held-out set"): its parameter sweep vmaps the spectrum over initial states with a
lambda closing over the parameters (JG101 twice and JG105 three times before).
"""

from dataclasses import dataclass
from typing import Callable, NamedTuple

import jax
import jax.numpy as jnp
from jax import lax


@dataclass(frozen=True)
class Problem:
    step_fn: Callable
    state0: jax.Array
    dt: float


class Settings(NamedTuple):
    every: int


def _run(block, carry0, n_renorm, every):
    _carry, hist = lax.scan(block, carry0, None, length=n_renorm)
    return hist, jnp.arange(1, n_renorm + 1) * every


def spectrum(fn_or_problem, state0=None, dt=None, n_steps=None, renorm_every=1):
    if isinstance(fn_or_problem, Problem):
        if n_steps is None:
            n_steps = state0  # the spectrum(problem, n_steps) form
        step_fn, state0, dt = fn_or_problem.step_fn, fn_or_problem.state0, fn_or_problem.dt
    elif isinstance(fn_or_problem, (Settings, Problem)):
        n_steps = state0
        step_fn = None
    else:
        step_fn = fn_or_problem
    state0 = jnp.asarray(state0)
    if n_steps <= 0:
        raise ValueError("n_steps must be > 0")
    if n_steps % renorm_every != 0:
        raise ValueError("n_steps must be a multiple of renorm_every")
    n_renorm = n_steps // renorm_every

    def block(c, _):
        c = step_fn(c)
        return c, jnp.sum(c)

    return _run(block, state0, n_renorm, renorm_every)


def sweep_here(step_fn, params, state0, dt, n_steps, renorm_every=1):
    def one(p, s0):
        return spectrum(lambda s: step_fn(s, p), s0, dt, n_steps, renorm_every=renorm_every)

    return jax.vmap(one)(params, state0)


def _sweep_there(*args):
    from tests.precision_cases._fresh22_function_passed_where_a_class_is_tested_sweep import sweep

    return sweep(*args)


RUNS = [
    lambda: sweep_here(lambda s, p: s * p, jnp.array([0.5, 0.9]), jnp.ones((2, 3)), 0.1, 12, 3),
    lambda: _sweep_there(lambda s, p: s * p, jnp.array([0.5, 0.9]), jnp.ones((2, 3)), 0.1, 12, 3),
    lambda: spectrum(Problem(lambda s: s * 0.5, jnp.ones(3), 0.1), 8),  # the eager problem form
]
