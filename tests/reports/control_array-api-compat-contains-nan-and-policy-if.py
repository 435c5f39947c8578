# Report: data-apis/array-api-compat#225 https://github.com/data-apis/array-api-compat/issues/225
# Class: 3 (everything created inside jit is traced: a NaN check computed in the function)
# Rule: JG101
# Reduced: "Conditionally run health checks on jitted JAX arrays and dask arrays": crusaderky
# quotes SciPy's `median_test` (`_morestats.py`), which returns early with
# `if contains_nan and nan_policy == 'propagate': return MedianTestResult(np.nan, ...)`; with
# JAX arrays under `jax.jit`, `contains_nan` is traced and the `if` raises
# TracerBoolConversionError. The statistic is reduced to a grand median and a count table;
# `xp` is `jax.numpy`. Fix proposed in the thread: compute the result and select with
# `xp.where(contains_nan, xp.nan, v)` when the array is lazy.
from typing import NamedTuple

import jax
import jax.numpy as xp


class MedianTestResult(NamedTuple):
    statistic: object
    pvalue: object
    median: object
    table: object


# --- must be flagged ---


def median_test(a, b, nan_policy='propagate'):
    data = xp.concatenate([a, b])
    contains_nan = xp.any(xp.isnan(data))
    if contains_nan and nan_policy == 'propagate':  # expect: JG101
        return MedianTestResult(xp.nan, xp.nan, xp.nan, None)
    grand_median = xp.median(data)
    table = xp.stack([xp.sum(a > grand_median), xp.sum(b > grand_median)])
    stat = xp.abs(table[0] - table[1]).astype(data.dtype)
    return MedianTestResult(stat, 1.0 / (1.0 + stat), grand_median, table)


def bug():
    return jax.jit(median_test)(xp.array([1.0, 2.0, 3.0]), xp.array([2.0, 4.0, 6.0]))


# --- must not be flagged ---


def median_test_lazy(a, b, nan_policy='propagate'):
    data = xp.concatenate([a, b])
    contains_nan = xp.any(xp.isnan(data))
    grand_median = xp.median(data)
    table = xp.stack([xp.sum(a > grand_median), xp.sum(b > grand_median)])
    stat = xp.abs(table[0] - table[1]).astype(data.dtype)
    res = (stat, 1.0 / (1.0 + stat), grand_median)
    if nan_policy == 'propagate':
        res = tuple(xp.where(contains_nan, xp.nan, v) for v in res)
    return MedianTestResult(*res, table)


def fixed():
    return jax.jit(median_test_lazy)(xp.array([1.0, 2.0, 3.0]), xp.array([2.0, 4.0, 6.0]))


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
