"""``-n`` of a value that may be a Python number is what ``n`` is: a Python int for an int.

Under ``eqx.filter_jit`` only array arguments are traced; a Python int argument (``chunk_rows:
int = 1024``) is static, part of the cache key. Arithmetic on it is Python arithmetic, unary
minus included: the ceiling division ``-(-rows // chunk)`` of ``rows`` (from a shape) by
``min(chunk_rows, rows)`` is a Python int, a valid ``reshape``/``jnp.pad`` size (checked on JAX
0.10.2). A binary operator on such a value already kept it a maybe-Python value; ``-x``/``+x``/
``~x`` did not.

Seen as (held-out 6): an LLM package's scoring (`@eqx.filter_jit def token_logprobs(model,
input_ids, ..., *, chunk_rows: int = 1024)`) runs its LM head over `chunks = -(-rows // chunk)`
chunks of `chunk = min(chunk_rows, rows)` rows, padded with `jnp.pad(..., ((0, pad), (0, 0)))`.
"""

import equinox as eqx
import jax.numpy as jnp


@eqx.filter_jit
def chunked_sums(x, *, chunk_rows: int = 1024):
    rows = x.shape[0]
    chunk = min(chunk_rows, rows)
    chunks = -(-rows // chunk)
    pad = chunks * chunk - rows
    return jnp.pad(x, (0, pad)).reshape(chunks, chunk).sum(axis=1)


@eqx.filter_jit
def flipped(x, shift: int = 1):
    return jnp.roll(x, -shift)[: x.shape[0] - shift].reshape(-(-(x.shape[0] - shift) // 1), 1)


RUNS = [
    lambda: chunked_sums(jnp.ones(10), chunk_rows=3),
    lambda: chunked_sums(jnp.ones(10)),
    lambda: flipped(jnp.arange(6.0), 2),
]
