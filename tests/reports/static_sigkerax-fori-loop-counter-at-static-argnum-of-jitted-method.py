# Report: crispitagorico/sigkerax#3 https://github.com/crispitagorico/sigkerax/pull/3
# Class: 5 (what reaches a static position: a lax loop counter at a jitted method's static_argnums)
# Rule: JG203
# Reduced: "Changes to equinox": "There were lines like `@partial(jax.jit, static_argnums=(0, 1))`
# that newer versions of jax complain about". In the signature-kernel PDE solver, the method
# `_solution_diag_update(self, p, ...)` is jitted with `self` and the anti-diagonal index `p`
# static, and `_solve` calls it from the body of a `jax.lax.fori_loop`, where `p` is the loop's
# traced counter: a tracer at a static position is unhashable ("Non-hashable static arguments
# are not supported"). `p` is only compared with arrays (`jnp.where`), so it need not be static:
# `static_argnums=(0,)` (the PR rewrote the solver as equinox modules). Reduced: one state array
# per anti-diagonal, the update a masked recurrence.
from functools import partial

import jax
import jax.numpy as jnp


class FiniteDifferenceSolver:
    def __init__(self, scale=1.0):
        self.scale = scale

    @staticmethod
    def _diag_axis_mask(p, length):
        diag_axis = jnp.arange(length)
        return jnp.where(diag_axis <= p, diag_axis, -1)

    @partial(jax.jit, static_argnums=(0, 1))
    def _solution_diag_update(self, p, diag_axis_masked, minus2, minus1):
        update = minus1 + self.scale * minus2
        return jnp.where(diag_axis_masked != -1, jnp.where(p - diag_axis_masked == 0, 1.0, update), 0.0)

    # --- must be flagged ---

    @partial(jax.jit, static_argnums=(0,))
    def solve(self, X):
        length = X.shape[0]

        def _loop(p, carry):
            minus2, minus1 = carry
            diag_axis_masked = self._diag_axis_mask(p, length)
            diag = self._solution_diag_update(p, diag_axis_masked, minus2, minus1)  # expect: JG203
            return minus1, diag

        return jax.lax.fori_loop(2, 2 * length - 1, _loop, (X, X))[1]


def run_solver():
    return FiniteDifferenceSolver().solve(jnp.ones(4))


# --- must not be flagged ---


class TracedIndexSolver:
    """sigkerax#3: the index stays an ordinary (traced) argument, only the solver is static."""

    def __init__(self, scale=1.0):
        self.scale = scale

    @partial(jax.jit, static_argnums=(0,))
    def _masked_recurrence(self, p, lower, upper):
        positions = jnp.arange(lower.shape[0])
        return jnp.where(positions <= p, upper + self.scale * lower, 0.0)

    @partial(jax.jit, static_argnums=(0,))
    def run(self, X):
        def body(p, carry):
            lower, upper = carry
            return upper, self._masked_recurrence(p, lower, upper)

        return jax.lax.fori_loop(2, 2 * X.shape[0] - 1, body, (X, X))[1]


def run_traced_index_solver():
    return TracedIndexSolver().run(jnp.ones(4))


RAISES = [(run_solver, "ValueError")]
RUNS = [run_traced_index_solver]
