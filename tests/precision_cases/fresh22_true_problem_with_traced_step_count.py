"""The true look-alike of `fresh22_function_passed_where_a_class_is_tested.py`: the traced caller
passes a problem object and the step count in the `state0` position, vmapped over step counts:
the problem branch runs, `n_steps` is the traced count, and `if n_steps <= 0` raises.
"""

from dataclasses import dataclass
from typing import Callable

import jax
import jax.numpy as jnp


@dataclass(frozen=True)
class Problem:
    step_fn: Callable
    state0: jax.Array


def spectrum(fn_or_problem, state0=None, n_steps=None):
    step = fn_or_problem
    if isinstance(fn_or_problem, Problem):
        n_steps = state0 if n_steps is None else n_steps
        step, state0 = fn_or_problem.step_fn, fn_or_problem.state0
    if n_steps <= 0:  # expect: JG101
        raise ValueError("n_steps must be > 0")
    return step(jnp.asarray(state0)) * n_steps


def sweep_counts(counts):
    return jax.vmap(lambda n: spectrum(Problem(lambda s: s * 0.5, jnp.ones(3)), n))(counts)


RAISES = [(lambda: sweep_counts(jnp.array([4, 8])), "TracerBoolConversionError")]
