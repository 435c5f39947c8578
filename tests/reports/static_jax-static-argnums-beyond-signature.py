# Report: jax-ml/jax#10046 https://github.com/jax-ml/jax/issues/10046
# Class: 5 (declarations: static_argnames / static_argnums naming parameters the function lacks)
# Rule: JG201
# Reduced: the proposal's second example: `static_argnums=(1, 3)` on `g(a, b, c)` ("if a
# function is updated but the jax.jit not being updated"); the first (`static_argnames`) is
# static_jax-static-argnames-not-in-signature. When filed nothing happened; JAX 0.10.2 raises
# ValueError when the decorator is applied, so the definition sits inside a function here (at
# module level the import would fail). Fix: number only positional parameters.
import functools

import jax

# --- must be flagged ---


def bug_nums():
    @functools.partial(jax.jit, static_argnums=(1, 3))  # expect: JG201
    def g(a, b, c):
        return a + b + c

    return g(1., 2., 3.)


# --- must not be flagged ---


def fixed_nums():
    @functools.partial(jax.jit, static_argnums=(1,))
    def g(a, b, c):
        return a + b + c

    return g(1., 2., 3.)


RAISES = [(bug_nums, "ValueError")]
RUNS = [fixed_nums]
