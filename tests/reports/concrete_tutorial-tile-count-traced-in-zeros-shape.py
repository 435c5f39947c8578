# Report: https://crackedaicode.com/problems/jax-static-argnames-in-jit (tutorial problem "Jit with static_argnames": the pitfall it teaches)
# Class: 2 (arguments JAX needs static: a count that sets a shape)
# Rule: JG105
# Reduced: `repeat_v1(x, n)` tiles `x` n times by building `out = jnp.zeros((n * x.shape[0],))`
# and filling it in `for i in range(n)`; `jax.jit(repeat_v1)(jnp.array([1.0, 2.0]), 3)` fails:
# `n` is a tracer and the output shape depends on it (the page shows a ConcretizationTypeError;
# 0.10.2 raises TypeError "Shapes must be 1D sequences of concrete values of integer type"
# from `jnp.zeros`). The page's fix: `static_argnames=["n"]`, one compile per distinct `n`.
from functools import partial

import jax
import jax.numpy as jnp

# --- must be flagged ---


def repeat_v1(x, n):
    out = jnp.zeros((n * x.shape[0],))  # expect: JG105
    for i in range(n):
        out = out.at[i * x.shape[0]:(i + 1) * x.shape[0]].set(x)
    return out


def bug():
    return jax.jit(repeat_v1)(jnp.array([1.0, 2.0]), 3)


# --- must not be flagged ---


@partial(jax.jit, static_argnames=["n"])
def repeat_v2(x, n):
    out = jnp.zeros((n * x.shape[0],))
    for i in range(n):
        out = out.at[i * x.shape[0]:(i + 1) * x.shape[0]].set(x)
    return out


def fixed():
    return repeat_v2(jnp.array([1.0, 2.0]), 3)


RAISES = [(bug, "TypeError")]
RUNS = [fixed]
