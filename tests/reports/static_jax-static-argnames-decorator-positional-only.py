# Report: jax-ml/jax#10618 https://github.com/jax-ml/jax/issues/10618
# Class: 5 (declarations: static_argnames naming a positional-only parameter, decorator form)
# Rule: JG202
# Reduced: the issue's `f(a, /, b, *, c)` with `static_argnames=("a", "b", "c")`, written as
# `@partial(jax.jit, ...)`. JAX 0.10.2 rejects `a` (positional-only) when the decorator runs.
# Fix: `static_argnums=(0,)` for `a`, names for the others.
from functools import partial

import jax

# --- must be flagged ---


def build():
    @partial(jax.jit, static_argnames=("a", "b", "c"))  # expect: JG202
    def f(a, /, b, *, c):
        return a + b + c

    return f(1, 2, c=3)


# --- must not be flagged ---


def build_fixed():
    @partial(jax.jit, static_argnums=(0,), static_argnames=("b", "c"))
    def f(a, /, b, *, c):
        return a + b + c

    return f(1, 2, c=3)


RAISES = [(build, "ValueError")]
RUNS = [build_fixed]
