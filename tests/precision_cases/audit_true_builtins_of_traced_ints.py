"""True look-alike of audit_builtins_of_filter_jit_ints: the same builtins over parameters of
``jax.jit``, which are tracers whatever the caller passes.

``sorted([n, 2])`` compares a tracer with 2 (TracerBoolConversionError), and ``sum(sizes)`` of a
tuple of tracers is a tracer, so ``if total > 4:`` raises TracerBoolConversionError (checked on
JAX 0.10.2). The fix is ``static_argnames``.
"""

import jax
import jax.numpy as jnp


@jax.jit
def pick(x, n):
    first = list([n, 2])[0]
    if first > 1:  # expect: JG101
        x = x * 2
    return x


@jax.jit
def total_of(x, sizes):
    total = sum(sizes)
    if total > 4:  # expect: JG101
        x = x - 1
    return x


RAISES = [
    (lambda: pick(jnp.ones(3), 3), "TracerBoolConversionError"),
    (lambda: total_of(jnp.ones(3), (1, 2, 3)), "TracerBoolConversionError"),
]

