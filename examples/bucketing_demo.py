"""Variable-length batches: the guard reports the churn and its fix; buckets fix it.

Run: python examples/bucketing_demo.py   (a few seconds on CPU)
"""

from __future__ import annotations

import logging

import jax.numpy as jnp
import numpy as np

import jitguard

logging.basicConfig(format="%(message)s")


def masked_mean(tokens, length):
    """Mean of the first `length` positions of each row."""
    mask = jnp.arange(tokens.shape[1]) < length
    return jnp.where(mask, tokens, 0.0).sum(axis=1) / length


def batches(seed=0, n=12):
    rng = np.random.default_rng(seed)
    for _ in range(n):
        length = int(rng.integers(97, 132))  # sequence lengths vary batch to batch
        yield rng.standard_normal((4, length)).astype(np.float32)


def main() -> None:
    # Before: every new length is a new shape, so XLA compiles again.
    step = jitguard.jit(masked_mean, max_compiles=4, on_excess="log")
    before = [step(jnp.asarray(b), b.shape[1]) for b in batches()]

    # After: pad each batch to a bucket; compiles are bounded by the number of buckets.
    bucketed = jitguard.jit(masked_mean, max_compiles=4, on_excess="log")
    buckets = jitguard.buckets.pow2(97, 131)  # (128, 256)
    after = []
    for b in batches():
        padded, length = jitguard.pad_to_bucket(b, axis=1, buckets=buckets)
        after.append(bucketed(jnp.asarray(padded), length))

    for x, y in zip(before, after):
        np.testing.assert_allclose(x, y, rtol=1e-5)  # same results
    n_before, n_after = step.stats()["compiles"], bucketed.stats()["compiles"]
    print()
    print(jitguard.report())
    print()
    print(f"compiles: {n_before} without buckets vs {n_after} with pad_to_bucket{buckets}")


if __name__ == "__main__":
    main()
