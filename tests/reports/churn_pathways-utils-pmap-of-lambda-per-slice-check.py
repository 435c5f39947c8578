# Report: AI-Hypercomputer/pathways-utils#127 https://github.com/AI-Hypercomputer/pathways-utils/pull/127
# Class: 6 (churn: `jax.pmap` of a lambda written inside a function that runs per check)
# Rule: JG301
# Reduced: "Extract lambda to a named function to ensure cache hits": the helper that checks a
# slice runs `jax.pmap(lambda x: x + 1)` on a probe array each time it is called; "lambda
# functions have a different hash and were not utilizing the compilation cache", so every check
# compiles again. The fix moves the body to a module-level `_plus_one` and pmaps that: the same
# function object each call, and pmap's cache (keyed on the function) is hit (checked: 3 compiles
# for 2 checks and for 4). The slice check is reduced to one device and a `sum`.
import jax
import jax.numpy as jnp


def _plus_one(x):
    return x + 1


# --- must be flagged ---


def _test_slice_execution(probe):
    out = jax.pmap(lambda x: x + 1)(probe)  # expect: JG301
    return jnp.sum(out)


def check_slices(n):
    return [_test_slice_execution(jnp.full((1, 4), float(i))) for i in range(n)]


# --- must not be flagged ---


def _test_slice_execution_named(probe):
    out = jax.pmap(_plus_one)(probe)
    return jnp.sum(out)


def check_slices_named(n):
    return [_test_slice_execution_named(jnp.full((1, 4), float(i))) for i in range(n)]


GROWS = [check_slices]
BOUNDED = [check_slices_named]
