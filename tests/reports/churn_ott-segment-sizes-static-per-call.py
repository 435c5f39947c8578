# Report: ott-jax/ott#114 https://github.com/ott-jax/ott/pull/114
# Class: 6 (churn: a static segmentation that changes between calls)
# Rule: JG302
# Reduced: making `segment_sinkhorn_divergence` jittable, "users should be warned that jit will
# recompile the function upon each call with a different segmentation, i.e. for each different
# `num_per_segment_x`"; "constant segmentations will work, but changes will require
# recompilation". The Sinkhorn cost is reduced to a per-segment mean. Fix (the PR's direction:
# fixed `num_segments`/sizes): pass the segment ids as a traced array with a constant number of
# segments.
import functools

import jax
import jax.numpy as jnp
import numpy as np

X = jnp.arange(8.0)


@functools.partial(jax.jit, static_argnames=("num_per_segment_x",))
def segment_cost(x, num_per_segment_x):
    segments = jnp.split(x, np.cumsum(num_per_segment_x)[:-1])
    return jnp.stack([jnp.mean(s) for s in segments])


# --- must be flagged ---


def evaluate(n):
    outs = []
    for i in range(n):
        segmentation = (2 + i, 6 - i)
        outs.append(segment_cost(X, num_per_segment_x=segmentation))  # expect: JG302
    return outs


# --- must not be flagged ---


@functools.partial(jax.jit, static_argnames=("num_segments",))
def segment_cost_ids(x, segment_ids, num_segments):
    sums = jax.ops.segment_sum(x, segment_ids, num_segments=num_segments)
    counts = jax.ops.segment_sum(jnp.ones_like(x), segment_ids, num_segments=num_segments)
    return sums / counts


def evaluate_ids(n):
    outs = []
    for i in range(n):
        segment_ids = np.repeat([0, 1], (2 + i, 6 - i))
        outs.append(segment_cost_ids(X, segment_ids, num_segments=2))
    return outs


GROWS = [evaluate]
BOUNDED = [evaluate_ids]
