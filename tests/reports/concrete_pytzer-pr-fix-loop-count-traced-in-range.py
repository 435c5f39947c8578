# Report: mvdh7/pytzer#55 https://github.com/mvdh7/pytzer/pull/55
# Class: 4 (NumPy and Python on traced values: a jitted function's loop count fed to `range()`)
# Rule: JG104
# Reduced: the PR's own fix (see control_pytzer-solve-warns-when-traced-adjustment-above-cutoff):
# "Make solve functions JIT-able" replaced the warning `if` with `jax.lax.cond(cond, do_print,
# no_print)` and `jax.debug.print`, and the solver is jitted as `jax.jit(_solve_fixed)` with no
# static argument. Its Newton loop runs `for _ in range(iter_stoich)`: the default call runs
# (an unpassed default is a Python constant under jit), but a caller passing `iter_stoich` makes it
# a tracer and `range()` raises TracerIntegerConversionError. A latent finding of the fix, kept
# as the thread wrote it. Fix: `static_argnames=("iter_stoich",)` (or a `lax.fori_loop`).
import jax
from jax import numpy as np


@jax.jit
def get_stoich_adjust(stoich, totals):
    stoich_error = stoich * stoich - totals
    stoich_error_jac = 2.0 * stoich
    stoich_adjust = -stoich_error / stoich_error_jac
    return np.where(np.abs(stoich_adjust) > 1, np.sign(stoich_adjust), stoich_adjust)


def warn_stoich(stoich_adjust, warn_cutoff):
    cond = np.any(np.abs(stoich_adjust) > warn_cutoff)

    def do_print(_):
        jax.debug.print("Solver did not converge below `warn_cutoff` (stoich). max={}",
                        np.max(np.abs(stoich_adjust)))
        return None

    def no_print(_):
        return None

    return jax.lax.cond(cond, do_print, no_print, operand=None)


# --- must be flagged ---


def _solve_fixed(totals, iter_stoich=10, warn_cutoff=1e-6):
    stoich = np.ones_like(totals)
    for _s in range(iter_stoich):  # expect: JG104
        stoich_adjust = get_stoich_adjust(stoich, totals)
        stoich = stoich + stoich_adjust
    warn_stoich(stoich_adjust, warn_cutoff)
    return stoich, stoich_adjust


solve_fixed_jit = jax.jit(_solve_fixed)


def works_by_default():
    return solve_fixed_jit(np.array([4.0, 9.0, 2.0]))


def crashes_with_iter_stoich():
    return solve_fixed_jit(np.array([4.0, 9.0, 2.0]), iter_stoich=20)


# --- must not be flagged ---


def _solve_static(totals, iter_stoich=10, warn_cutoff=1e-6):
    stoich = np.ones_like(totals)
    for _s in range(iter_stoich):
        stoich_adjust = get_stoich_adjust(stoich, totals)
        stoich = stoich + stoich_adjust
    warn_stoich(stoich_adjust, warn_cutoff)
    return stoich, stoich_adjust


solve_static_jit = jax.jit(_solve_static, static_argnames=("iter_stoich",))


def works():
    return solve_static_jit(np.array([4.0, 9.0, 2.0]), iter_stoich=20)


RAISES = [(crashes_with_iter_stoich, "TracerIntegerConversionError")]
RUNS = [works_by_default, works]
