# Report: jax-ml/jax#1406 https://github.com/jax-ml/jax/issues/1406
# Class: 4 (Python range() of a traced argument)
# Rule: JG104
# Reduced: the issue's `foo(num)`: `for _ in range(num)` under `jit(foo)(0)`. Fix: make `num`
# static, or loop with `lax.fori_loop`.
import jax.numpy as jnp
from jax import jit, lax

# --- must be flagged ---


def foo(num):
    total = jnp.zeros(())
    for _ in range(num):  # expect: JG104
        total = total + 1.0
    return total


def bug():
    return jit(foo)(3)


# --- must not be flagged ---


def foo_fori(num):
    return lax.fori_loop(0, num, lambda i, t: t + 1.0, jnp.zeros(()))


def fixed():
    return jit(foo, static_argnums=0)(3), jit(foo_fori)(3)


RAISES = [(bug, "TracerIntegerConversionError")]
RUNS = [fixed]
