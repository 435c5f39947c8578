# Report: jax-ml/jax#2813 https://github.com/jax-ml/jax/issues/2813
# Class: 5 (an unhashable static argument: a list)
# Rule: JG203
# Reduced: the issue's `f = jax.jit(g, static_argnums=(1,))` called as `f(1, [2, 3])`: in 2020
# the list was hashed by identity, so every call recompiled; JAX 0.10.2 raises ValueError
# ("Non-hashable static arguments are not supported"). Fix (the direction): pass a tuple.
import jax

# --- must be flagged ---


def g(x, y):
    return x + y[0]


def bug():
    f = jax.jit(g, static_argnums=(1,))
    return f(1, [2, 3])  # expect: JG203


# --- must not be flagged ---


def fixed():
    f = jax.jit(g, static_argnums=(1,))
    return f(1, (2, 3))


RAISES = [(bug, "ValueError")]
RUNS = [fixed]
