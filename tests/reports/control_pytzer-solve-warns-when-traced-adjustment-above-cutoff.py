# Report: mvdh7/pytzer#55 https://github.com/mvdh7/pytzer/pull/55
# Class: 1 (traced value in Python control flow inside the jitted function itself)
# Rule: JG101
# Reduced: "Make solve functions JIT-able": Pytzer's equilibrium solver `_solve` is documented as
# "not JIT-ed by default ... but you can JIT it yourself to get a ~2x speedup". After its Newton
# loop it warned with `if np.any(np.abs(stoich_adjust) > warn_cutoff): warnings.warn(...)` (`np`
# is `jax.numpy` there). Under `jax.jit(_solve)` the last adjustment is traced and the `if` needs
# its truth value. The PR "replaced a few if statements for raising warning messages with
# jax-compatible conditionals": `jax.lax.cond(cond, do_print, no_print)` with `jax.debug.print`.
# That fix as written still jits `_solve_fixed` with no static argument while its loop count
# `iter_stoich` feeds `range()`: a true latent JG104, kept as its own report
# (concrete_pytzer-pr-fix-loop-count-traced-in-range). The look-alike is the PR's fix with
# `static_argnames=("iter_stoich",)`.
import warnings

import jax
from jax import numpy as np


@jax.jit
def get_stoich_adjust(stoich, totals):
    stoich_error = stoich * stoich - totals
    stoich_error_jac = 2.0 * stoich
    stoich_adjust = -stoich_error / stoich_error_jac
    return np.where(np.abs(stoich_adjust) > 1, np.sign(stoich_adjust), stoich_adjust)


# --- must be flagged ---


def _solve(totals, iter_stoich=10, warn_cutoff=1e-6):
    stoich = np.ones_like(totals)
    for _s in range(iter_stoich):
        stoich_adjust = get_stoich_adjust(stoich, totals)
        stoich = stoich + stoich_adjust
    if np.any(np.abs(stoich_adjust) > warn_cutoff):  # expect: JG101
        warnings.warn("Solver did not converge below `warn_cutoff` - try increasing `iter_stoich`.")
    return stoich, stoich_adjust


solve_jit = jax.jit(_solve)


def crashes():
    return solve_jit(np.array([4.0, 9.0, 2.0]))


# --- must not be flagged ---


def warn_stoich(stoich_adjust, warn_cutoff):
    cond = np.any(np.abs(stoich_adjust) > warn_cutoff)

    def do_print(_):
        jax.debug.print("Solver did not converge below `warn_cutoff` (stoich). max={}",
                        np.max(np.abs(stoich_adjust)))
        return None

    def no_print(_):
        return None

    return jax.lax.cond(cond, do_print, no_print, operand=None)


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


RAISES = [(crashes, "TracerBoolConversionError")]
RUNS = [works]
