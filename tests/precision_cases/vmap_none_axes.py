"""`jax.vmap` leaves an argument whose `in_axes` entry is `None` as it is: a Python int passed
there stays a Python int inside the mapped function (and inside the helpers and loop bodies it
reaches), so `num_segments=k`, `x[-k:]`, `range(k)` and `shape != (k, d)` are static.

Seen as (held-out): ott-jax `k_means`: `@functools.partial(jax.vmap, in_axes=[0] + [None] * 9)
def _k_means(rng, geom, k, ...)`, then `jax.ops.segment_sum(..., num_segments=k)`,
`jnp.argsort(d)[-k:]` in `_update_centroids` (called from the body of a fixed-point loop), and
`if centroids.shape != (k, geom.cost_rank):`. The `in_axes` list is built as `[0] + [None] * 9`.
"""

import functools

import jax
import jax.numpy as jnp


def update_centroids(x, k, assignment, dist):
    sums = jax.ops.segment_sum(x, assignment, num_segments=k)
    far = jnp.argsort(dist)[-k:][::-1]
    return sums + x[far].sum(0)


@functools.partial(jax.vmap, in_axes=[0] + [None] * 3)
def k_means(key, x, k, iterations):
    centroids = jax.random.choice(key, x, (k,))
    if centroids.shape != (k, x.shape[1]):
        raise ValueError("bad init")

    def body(i, centroids):
        dist = ((x[:, None] - centroids[None]) ** 2).sum(-1)
        assignment = jnp.argmin(dist, 1)
        return update_centroids(x, k, assignment, dist.min(1))

    for _ in range(k):
        centroids = centroids + 0
    return jax.lax.fori_loop(0, iterations, body, centroids)


RUNS = [
    lambda: k_means(jax.random.split(jax.random.key(0), 3), jnp.ones((6, 2)), 2, 3),
    lambda: jax.jit(lambda keys, x: k_means(keys, x, 3, 2))(jax.random.split(jax.random.key(1), 2), jnp.ones((6, 2))),
]
