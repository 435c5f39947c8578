"""``divmod`` (and ``abs``, ``round``, ``pow``, ``sum`` of a list literal) of values that may be Python numbers give Python
numbers for Python numbers, as an arithmetic operator does.

Under ``eqx.filter_jit`` a Python int argument is static (only arrays are traced), and so is
what a helper receives from it (``prefill - 1``). ``full, rest = divmod(length, chunk)`` of two
such ints are Python ints: ``if full == 1:``, ``if rest:`` choose at trace time, and
``jnp.arange(full)``, ``lax.dynamic_slice_in_dim(x, begin, rest)`` get static sizes (checked on
JAX 0.10.2). Given a traced array, the same builtins return arrays (``abs(x)`` calls
``x.__abs__``): the true look-alike under ``jax.jit`` stays reported.

Seen as (held-out 6): an LLM package's cached generation loop (`@eqx.filter_jit`, `prefill: int`,
`chunk: int` keyword-only) prefills the cache through a helper that splits `length` into
`full, rest = divmod(length, chunk)` chunks: one `decode_step`, a `lax.scan` over
`jnp.arange(full)`, and a remainder of `rest` tokens.
"""

import equinox as eqx
import jax.numpy as jnp
from jax import lax


def _prefill(acc, xs, length: int, chunk: int):
    def run(acc, begin, size: int):
        part = lax.dynamic_slice_in_dim(xs, begin, size)
        return acc + jnp.sum(part * (1 + jnp.arange(size)))

    full, rest = divmod(length, chunk)
    if full == 1:
        acc = run(acc, jnp.int32(0), chunk)
    elif full > 1:
        acc, _ = lax.scan(lambda c, i: (run(c, i * chunk, chunk), None), acc, jnp.arange(full))
    if rest:
        acc = run(acc, jnp.int32(full * chunk), rest)
    return acc


@eqx.filter_jit
def prefill_sum(xs, *, prefill: int, chunk: int):
    acc = jnp.zeros(())
    if prefill > 1:
        acc = _prefill(acc, xs, prefill - 1, chunk)
    total = sum([prefill, chunk, 1])  # Python ints: a static size
    return acc + abs(prefill - 8) + round(chunk / 2) + jnp.zeros(total).sum()


RUNS = [
    lambda: prefill_sum(jnp.ones(10), prefill=8, chunk=3),
    lambda: prefill_sum(jnp.ones(10), prefill=4, chunk=3),
    lambda: prefill_sum(jnp.ones(10), prefill=9, chunk=4),
]
