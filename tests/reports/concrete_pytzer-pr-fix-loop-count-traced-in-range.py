# Report: mvdh7/pytzer#55 https://github.com/mvdh7/pytzer/pull/55
# Class: 4 (NumPy and Python on traced values: a jitted function's loop count fed to `range()`)
# Rule: JG104
# Reduced: the PR's own fix (see control_pytzer-solve-warns-when-traced-adjustment-above-cutoff):
# "Make solve functions JIT-able" replaced the warning `if` with `jax.lax.cond(cond, do_print,
# no_print)` and `jax.debug.print`, and the solver is jitted as `jax.jit(_solve_fixed)` with no
# static argument. Its Newton loop runs `for _ in range(iter_stoich)`: the default call runs
# (an unpassed default is a Python constant under jit), but a caller passing `iter_stoich` makes it
# a tracer and `range()` raises TracerIntegerConversionError. A latent finding of the fix, kept
# as the thread wrote it, reduced here to the loop (a shorter Newton step, the warning left out).
# Fix: `static_argnames=("iter_stoich",)` (the other report's look-alike) or, as here, a
# `lax.fori_loop`, whose bound may be traced.
import jax
from jax import numpy as np


def _newton_step(stoich, totals):
    return -(stoich * stoich - totals) / (2.0 * stoich)


# --- must be flagged ---


def _solve_fixed(totals, iter_stoich=10):
    stoich = np.ones_like(totals)
    for _s in range(iter_stoich):  # expect: JG104
        stoich = stoich + _newton_step(stoich, totals)
    return stoich


solve_fixed_jit = jax.jit(_solve_fixed)


def works_by_default():
    return solve_fixed_jit(np.array([4.0, 9.0, 2.0]))


def crashes_with_iter_stoich():
    return solve_fixed_jit(np.array([4.0, 9.0, 2.0]), iter_stoich=20)


# --- must not be flagged ---


def _solve_loop(totals, iter_stoich=10):
    def body(_, stoich):
        return stoich + _newton_step(stoich, totals)

    return jax.lax.fori_loop(0, iter_stoich, body, np.ones_like(totals))


solve_loop_jit = jax.jit(_solve_loop)


def works():
    return solve_loop_jit(np.array([4.0, 9.0, 2.0]), iter_stoich=20)


RAISES = [(crashes_with_iter_stoich, "TracerIntegerConversionError")]
RUNS = [works_by_default, works]
