"""Python builtins over values that may be Python numbers keep them Python numbers: ``sorted``,
``list``, ``tuple`` of a list literal of ``eqx.filter_jit`` ints, and ``sum``/``max`` of a tuple
argument of ints.

Under ``eqx.filter_jit`` only arrays are traced; an int argument, and a tuple of ints, are static.
``sorted([n, 2])[0]``, ``list([n, 2])[0]`` and ``sum(sizes)`` are Python ints there, so ``if`` on
them chooses at trace time and ``jnp.zeros(total)`` gets a static size (checked on JAX 0.10.2).
The same builtins of traced arrays under ``jax.jit`` give tracers: the true look-alike
(audit_true_builtins_of_traced_ints) stays reported.

Seen as: a lead's audit of the value model (a table of Python builtins and operators applied to
``eqx.filter_jit`` ints, 2026-12-03c): ``list``/``sorted`` of a list literal lost that its
elements may be Python numbers (the record of ``[n, 2]`` did not say so once its positions were
lost), and ``sum`` of a container argument was read as an array function.
"""

import equinox as eqx
import jax.numpy as jnp


@eqx.filter_jit
def pick(x, n: int, sizes: tuple):
    low = sorted([n, 2])[0]
    if low > 1:
        x = x + 1
    first = list([n, 2])[0]
    if first > 1:
        x = x * 2
    total = sum(sizes)
    if total > 4:
        x = x - 1
    widest = max(sizes)
    return x + jnp.zeros(total).sum() + jnp.zeros(widest).sum()


RUNS = [
    lambda: pick(jnp.ones(3), 3, (1, 2, 3)),
    lambda: pick(jnp.ones(3), 1, (1, 1)),
]
