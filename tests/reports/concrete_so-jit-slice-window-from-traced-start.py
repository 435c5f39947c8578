# Report: https://openillumi.com/?p=110950 (Stack Overflow question, retold in Japanese: "JAX JITでIndexErrorに悩む開発者へ:動的スライスを解決する2つの鉄則", also https://openillumi.com/jax-index-error-dynamic-slice-fix)
# Class: 2 (arguments JAX needs static: slice bounds)
# Rule: JG105
# Reduced: a jitted function cuts a window out of an array with `x[start:start + size]`, the
# start an argument that changes from call to call (a loop index in the question); under jit the
# start is a tracer and JAX raises "IndexError: Array slice indices must have static
# start/stop/step" (0.10.2: "Slice entries must be static integers"): the slice's length is
# not known when the program is traced. The answers' fixes: `jax.lax.dynamic_slice(x, (start,),
# (size,))` with a static size and a traced start, or a static start.
from functools import partial

import jax
import jax.numpy as jnp

# --- must be flagged ---


@partial(jax.jit, static_argnames="size")
def window(x, start, size):
    return x[start:start + size]  # expect: JG105


def bug():
    x = jnp.arange(10.0)
    return [window(x, i, 3) for i in range(3)]


# --- must not be flagged ---


@partial(jax.jit, static_argnames="size")
def window_ok(x, start, size):
    return jax.lax.dynamic_slice(x, (start,), (size,))


def fixed():
    x = jnp.arange(10.0)
    return [window_ok(x, i, 3) for i in range(3)]


RAISES = [(bug, "IndexError")]
RUNS = [fixed]
