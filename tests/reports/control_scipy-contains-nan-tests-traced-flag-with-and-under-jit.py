# Report: scipy/scipy#22274 https://github.com/scipy/scipy/pull/22274
# Class: 2 (traced value reaches Python control flow through a library helper)
# Rule: JG101; mined as JG103 (the `and`/`or` operand), relabelled: the corpus reports `if a and/or b:` on a traced operand as JG101
# Reduced: "ENH: `_contains_nan` for lazy arrays": scipy's array-API helper `_contains_nan(a,
# nan_policy='propagate', ...)` computes `contains_nan = xp.isnan(xp.max(a))` and then runs
# `if contains_nan and nan_policy == 'raise': raise ValueError(...)`. Under `jax.jit` the flag is
# a traced 0-d array, and Python's `and` asks for its truth value first, so every stats function
# that calls the helper crashes "on jitted JAX with the default policy='propagate'" (see also
# data-apis/array-api-compat#225: "A JAX jitted array crashes on `bool()`"). The PR makes the
# helper return the lazy flag for 'propagate' without testing it in Python; the look-alike does
# that (the data-dependent checks only run for the other policies, outside jit).
import jax
import jax.numpy as xp


# --- must be flagged ---


def _contains_nan(a, nan_policy="propagate", policies=None):
    if policies is None:
        policies = {"propagate", "raise", "omit"}
    if nan_policy not in policies:
        raise ValueError(f"nan_policy must be one of {set(policies)}.")
    if a.size == 0:
        contains_nan = False
    elif xp.isdtype(a.dtype, "real floating"):
        contains_nan = xp.isnan(xp.max(a))
    else:
        contains_nan = False
    if contains_nan and nan_policy == "raise":  # expect: JG101
        raise ValueError("The input contains nan values")
    return contains_nan, nan_policy


def variation(a, nan_policy="propagate"):
    contains_nan, nan_policy = _contains_nan(a, nan_policy)
    out = xp.std(a) / xp.mean(a)
    return xp.where(contains_nan, xp.nan, out)


def crashes():
    return jax.jit(variation)(xp.asarray([1.0, 2.0, 4.0]))


# --- must not be flagged ---


def _contains_nan_lazy(a, nan_policy="propagate", policies=None):
    if policies is None:
        policies = {"propagate", "raise", "omit"}
    if nan_policy not in policies:
        raise ValueError(f"nan_policy must be one of {set(policies)}.")
    if a.size == 0:
        return False
    if not xp.isdtype(a.dtype, "real floating"):
        return False
    contains_nan = xp.isnan(xp.max(a))
    if nan_policy == "propagate":
        return contains_nan
    raise TypeError(f"nan_policy={nan_policy!r} needs eager arrays")


def variation_lazy(a, nan_policy="propagate"):
    contains_nan = _contains_nan_lazy(a, nan_policy)
    out = xp.std(a) / xp.mean(a)
    return xp.where(contains_nan, xp.nan, out)


def works():
    return jax.jit(variation_lazy)(xp.asarray([1.0, 2.0, 4.0]))


RAISES = [(crashes, "TracerBoolConversionError")]
RUNS = [works]
