"""A jitted function whose every call in sight passes a parameter that is not None there.

Under `jax.jit`, None is a pytree without leaves: `if blocks is None:` in the jitted function is
Python control flow on the structure of the call's arguments, decided anew at each call. When the
module keeps the jitted object private (`_evidence_jit = jax.jit(_evidence)`) and calls it only
where the argument is known not None — through `kernel = _evidence if blocks is None else
_evidence_jit`, under `if blocks is not None:`, or after `if blocks is None: return ...` — the
`is None` branch never runs in a trace: it is the eager path of the same function (NumPy on
concrete inputs: `int(np.asarray(n))`, `np.unique`), taken by the plain Python call (checked on
JAX 0.10.2; `_evidence_jit(x, 3)` with `blocks` left None raises TracerArrayConversionError).

Seen as (held-out 3): a nested-sampling evidence kernel rebuilds its blocks with NumPy
(`np.asarray(num_samples)`, `np.where`, `np.unique`) when `block_state is None`, and its batching
loop picks `kernel = _sample_evidence if block_state is None else _sample_evidence_jit`.
"""

import jax
import jax.numpy as jnp
import numpy as np


def _evidence(x, n, *, blocks=None):
    mask = jnp.arange(x.shape[0]) < n
    if blocks is None:
        k = int(np.asarray(n))  # the eager path: NumPy on concrete inputs
        values = np.asarray(x)[:k]
        blocks = jnp.asarray(np.unique(values[np.isfinite(values)]))
    return jnp.sum(jnp.where(mask, x, 0.0)) + jnp.sum(blocks)


_evidence_jit = jax.jit(_evidence)


def evidence(x, n, blocks=None, repeats=2):
    kernel = _evidence if blocks is None else _evidence_jit
    total = 0.0
    for _ in range(repeats):
        total = total + kernel(x, n, blocks=blocks)
    return total


def _summary(x, n, blocks=None):
    if blocks is None:
        return float(np.sum(np.asarray(x)[: int(n)]))
    return jnp.sum(x[: blocks.shape[0]]) * n


_summary_jit = jax.jit(_summary)


def summary(x, n, blocks=None, fast=True):
    if fast and blocks is not None:
        return _summary_jit(x, n, blocks)
    return _summary(x, n, blocks)


def summary_checked(x, n, blocks=None):
    if blocks is None:
        raise ValueError("blocks are needed here")
    return _summary_jit(x, n, blocks=blocks)


X = jnp.array([3.0, 1.0, 2.0, 1.0])

RUNS = [
    lambda: evidence(X, 3),
    lambda: evidence(X, 3, blocks=jnp.ones(2)),
    lambda: summary(X, 3),
    lambda: summary(X, 3, blocks=jnp.ones(2)),
    lambda: summary_checked(X, 3, blocks=jnp.ones(2)),
]
