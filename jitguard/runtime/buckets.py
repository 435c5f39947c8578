"""Padding and bucketing: trade a little padding for far fewer compiles.

Every distinct input shape makes ``jax.jit`` compile again. Padding every batch to
one of a few bucket sizes bounds the compiles by the number of buckets. This module
imports neither jax nor numpy at import time, so the linter's environment can load it.

>>> pow2(97, 131)
(128, 256)
>>> bucket_for(100, (128, 256))
128
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

__all__ = ["pow2", "bucket_for", "suggest", "pad_to_bucket"]


def _next_pow2(n: int) -> int:
    return 1 if n <= 1 else 1 << (int(n) - 1).bit_length()


def pow2(lo: int, hi: int) -> tuple[int, ...]:
    """Powers of two covering every size in ``lo..hi``: from the smallest power of two
    >= ``lo`` up to the smallest power of two >= ``hi``."""
    if lo < 1 or hi < lo:
        raise ValueError(f"pow2(lo, hi) needs 1 <= lo <= hi; got lo={lo}, hi={hi}.")
    out, b = [], _next_pow2(lo)
    top = _next_pow2(hi)
    while b <= top:
        out.append(b)
        b *= 2
    return tuple(out)


def _check_buckets(buckets: Iterable[int]) -> tuple[int, ...]:
    sizes = tuple(sorted({int(b) for b in buckets}))
    if not sizes or sizes[0] < 0:
        raise ValueError(f"buckets must be a non-empty collection of sizes >= 0; got {buckets!r}.")
    return sizes


def bucket_for(n: int, buckets: Iterable[int]) -> int:
    """The smallest bucket >= ``n``. Raises ValueError when ``n`` exceeds them all."""
    sizes = _check_buckets(buckets)
    for b in sizes:
        if b >= n:
            return b
    raise ValueError(
        f"length {n} exceeds the largest bucket {sizes[-1]}; add a larger bucket "
        f"(e.g. {_next_pow2(n)}) or truncate the input first."
    )


def suggest(sizes: Iterable[int]) -> tuple[int, ...]:
    """A bucket set for the sizes seen: their powers of two, or a single bucket when
    powers of two would not save any compile."""
    seen = sorted({int(s) for s in sizes})
    if not seen:
        return ()
    buckets = tuple(sorted({_next_pow2(s) for s in seen}))
    if len(buckets) >= len(seen) and len(seen) > 1:
        buckets = (_next_pow2(seen[-1]),)
    return buckets


def pad_to_bucket(x: Any, axis: int, buckets: Sequence[int], pad_value: Any = 0) -> tuple[Any, int]:
    """Pad ``x`` along ``axis`` up to the smallest bucket that fits it.

    Returns ``(padded, true_length)``; keep ``true_length`` to mask or slice the padding
    away. Works for numpy arrays (result is numpy) and jax arrays or tracers (result is
    jax); the output shape depends only on the bucket, so a jitted consumer compiles once
    per bucket instead of once per length.
    """
    ndim = len(x.shape)
    if not -ndim <= axis < ndim:
        raise ValueError(f"axis {axis} is out of range for an array of rank {ndim}.")
    axis %= ndim
    n = int(x.shape[axis])
    target = bucket_for(n, buckets)
    widths = [(0, 0)] * ndim
    widths[axis] = (0, target - n)
    if type(x).__module__.startswith("numpy"):
        import numpy as np

        return np.pad(x, widths, constant_values=pad_value), n
    import jax.numpy as jnp

    return jnp.pad(x, widths, constant_values=pad_value), n
