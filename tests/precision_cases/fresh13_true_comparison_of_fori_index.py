"""True (held-out 13): a Python conditional expression on a comparison of a ``lax.fori_loop`` index
with a value of the enclosing ``lax.scan``'s step. Both are tracers, so ``j > i`` is a traced
boolean and ``a if j > i else b`` calls its ``__bool__``: TracerBoolConversionError (JAX 0.10.2)
when ``lax.cond`` traces the branch, at the first call. ``jnp.where(j > i, ...)`` is the fix.

Seen as (held-out 13): a differentiable bioinformatics library's RNA partition function, where
``compute_entry(i)`` (called from ``lax.cond`` in a ``fori_loop`` body inside a ``scan`` over
diagonal lengths ``d``) reads ``log_Q[i, j - 1] if j > i else 0.0`` with ``j = i + d`` (1 JG101).
"""

import jax
import jax.numpy as jnp


def partition(log_q):
    n = log_q.shape[0]

    def fill(table, d):
        def entry(i):
            j = i + d
            return table[i, j - 1] if j > i else 0.0  # expect: JG101

        def body(i, t):
            value = jax.lax.cond(i + d < n, lambda: entry(i), lambda: 0.0)
            return t.at[i, jnp.minimum(i + d, n - 1)].set(value)

        return jax.lax.fori_loop(0, n, body, table), None

    table, _ = jax.lax.scan(fill, log_q, jnp.arange(1, n))
    return table


RAISES = [(lambda: partition(jnp.zeros((4, 4))), "TracerBoolConversionError")]
