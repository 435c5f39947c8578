"""True look-alike of fresh6_negated_filter_jit_int and fresh6_divmod_filter_jit_int: the same
arithmetic on a parameter of ``jax.jit`` (not ``eqx.filter_jit``), which is a tracer whatever the
caller passes.

``-(-rows // chunk_rows)`` with ``chunk_rows`` passed is a tracer, so ``reshape`` raises
TypeError (shapes must be concrete); ``divmod`` of a tracer gives tracers, so ``if rest:``
raises TracerBoolConversionError (checked on JAX 0.10.2). The fix is ``static_argnames``.
"""

import jax
import jax.numpy as jnp


@jax.jit
def chunked_sums(x, chunk_rows=4):
    rows = x.shape[0]
    chunks = -(-rows // chunk_rows)
    return jnp.pad(x, (0, 8)).reshape(chunks, -1)  # expect: JG105


@jax.jit
def split(x, length, chunk):
    full, rest = divmod(length, chunk)
    if rest:  # expect: JG101
        x = x * 2
    return x


RAISES = [
    (lambda: chunked_sums(jnp.ones(8), 4), "TypeError"),
    (lambda: split(jnp.ones(4), 7, 3), "TracerBoolConversionError"),
]
