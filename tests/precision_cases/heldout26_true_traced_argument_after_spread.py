"""True twin of ``heldout26_argument_after_spread_binds_last_parameter.py``: the same helper,
called as ``cells_sum(*x, k)`` with ``k`` a traced argument of the jitted function. The argument
after the spread binds the last parameter, so ``k`` is a tracer in the body and
``jnp.full((n, k + 1), ...)`` gets a traced shape (TypeError at the marked line, JAX 0.10.2).
"""

import jax
import jax.numpy as jnp


def cells_sum(r, cand, k):
    A = jnp.full((r.shape[0], k + 1), r.shape[1])  # expect: JG105
    return jnp.sum(jnp.where(cand, r, 0.0), axis=1) + A[:, 0]


def partition(pair, k):
    return cells_sum(*pair, k)


RAISES = [(lambda: jax.jit(partition)((jnp.ones((4, 3)), jnp.ones((4, 3), bool)), 2), "TypeError")]
