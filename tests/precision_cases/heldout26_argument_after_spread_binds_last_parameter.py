"""``jax.checkpoint(lambda x: cells_sum(*x, k))``: a traced tuple spread into the first
parameters of a nested helper, and the closure's Python int ``k`` after it. ``cells_sum`` has no
``*args`` and no defaults, so Python must fill its three parameters by position (fewer or more
is a TypeError): ``k`` binds the last one whatever the tuple's length, and the spread only the
ones before it. ``k`` is a Python int in the body, so ``jnp.full((n, k + 1), ...)`` has a static
shape and ``A[:, :k]`` static bounds (JAX 0.10.2: runs under jit, per tier of ``k``).

Seen as: the twenty-sixth held-out set's Kohn-Sham DFT engine (docs/precision.md, "26th held-out
set"): its Becke partition summed over each point's first ``k`` candidate cells (3 findings
before, JG105).
"""

import jax
import jax.numpy as jnp


def partition(r, cand, tiers):
    n_atom = r.shape[1]

    def cells_sum(r, cand, k):
        pos = jnp.where(cand, jnp.cumsum(cand, axis=1) - 1, k)
        A = jnp.full((r.shape[0], k + 1), n_atom).at[jnp.arange(r.shape[0])[:, None], pos].set(jnp.arange(n_atom))
        ok = A[:, :k] < n_atom
        return jnp.sum(jnp.where(ok, jnp.take_along_axis(r, jnp.where(ok, A[:, :k], 0), 1), 0.0), axis=1)

    total = 0.0
    for k in tiers:
        g = jax.checkpoint(lambda x: cells_sum(*x, k))
        total = total + g((r, cand))
    return total


RUNS = [lambda: jax.jit(partition, static_argnums=2)(jnp.ones((4, 3)), jnp.ones((4, 3), bool), (1, 2))]
