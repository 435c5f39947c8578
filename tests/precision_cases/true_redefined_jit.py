"""True, intended in its test: a `@jax.jit` function defined inside a plain (not traced) function
is a new function object at every call, so every call traces and compiles it again.

Seen as: chex `test_redefined_traced_function` (a test of `assert_max_traces`, recompiling on
purpose). The look-alike inside a jitted outer function is in nested_transforms.py.
"""

import jax
import jax.numpy as jnp


def outer_fn(x):
    @jax.jit  # expect: JG301
    def inner_fn(y):
        return y.sum()

    return inner_fn(2 * x)


def call_in_loop(n):
    return [outer_fn(jnp.float32(i)) for i in range(n)]


GROWS = [call_in_loop]
