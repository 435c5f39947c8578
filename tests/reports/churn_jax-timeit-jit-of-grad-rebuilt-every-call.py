# Report: jax-ml/jax#2095 https://github.com/jax-ml/jax/issues/2095
# Class: 6 (churn that comes from call structure: a new function object jitted on every call)
# Rule: JG301
# Reduced: "Function cache for `grad`": a user timed `%timeit grad(jit(f))(x)` (40 ms per loop)
# against `%timeit jit(grad(f))(x)` (935 ms per loop) and was confused; `jit` caches compiled code
# per function object, and `grad(f)` returns a brand-new function every time the expression is
# evaluated, so every timing iteration jits (and compiles) a fresh `grad(f)`. "We can fix this by
# caching the transformed function": `jgf = jit(grad(f))` once, then `jgf(x)` in the loop. The
# `%timeit` loop is written out as a plain loop of n calls; the matrix is scaled down.
import jax.numpy as jnp
from jax import grad, jit

x = jnp.ones([50, 50])
f = lambda x: jnp.mean(jnp.dot(x, x.T))  # noqa: E731


# --- must be flagged ---


def timeit_jit_of_grad(n):
    for _ in range(n):
        jit(grad(f))(x).block_until_ready()  # expect: JG301


# --- must not be flagged ---


jgf = jit(grad(f))


def timeit_cached(n):
    for _ in range(n):
        jgf(x).block_until_ready()


GROWS = [timeit_jit_of_grad]
BOUNDED = [timeit_cached]
