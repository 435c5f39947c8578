# Report: jax-ml/jax#10046 https://github.com/jax-ml/jax/issues/10046
# Class: 5 (declarations: static_argnames / static_argnums naming parameters the function lacks)
# Rule: JG202
# Reduced: the proposal's first example: `static_argnames=('b', 'd')` on `f(a, b, c)` ("if a
# function is updated but the jax.jit not being updated"); the second (`static_argnums=(1, 3)`)
# is static_jax-static-argnums-beyond-signature. When filed nothing happened; JAX 0.10.2 raises
# ValueError when the decorator is applied, so the definition sits inside a function here (at
# module level the import would fail). Fix: name only parameters the function has.
import functools

import jax

# --- must be flagged ---


def bug_names():
    @functools.partial(jax.jit, static_argnames=('b', 'd'))  # expect: JG202
    def f(a, b, c):
        return a + b + c

    return f(1., 2., 3.)


# --- must not be flagged ---


def fixed_names():
    @functools.partial(jax.jit, static_argnames=('b',))
    def f(a, b, c):
        return a + b + c

    return f(1., 2., 3.)


RAISES = [(bug_names, "ValueError")]
RUNS = [fixed_names]
