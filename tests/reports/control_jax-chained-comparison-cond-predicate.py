# Report: jax-ml/jax#24683 https://github.com/jax-ml/jax/issues/24683
# Class: 3 (truth value of a traced array outside an `if`: a chained comparison)
# Rule: JG103
# Reduced: the issue's `f1`: `jax.lax.cond(a < x <= b, ...)` under `jax.jit`. Python evaluates
# `a < x <= b` as `(a < x) and (x <= b)`, taking the truth value of the traced `a < x`, so it
# raises TracerBoolConversionError (as the issue's `f2` with an explicit `and` does), while `f3`
# with `&` works. Fix (the f3 and the answer): combine with `&` / `jnp.logical_and`.
import jax
import jax.numpy as jnp

# --- must be flagged ---


@jax.jit
def f1(x, a, b):
    return jax.lax.cond(a < x <= b, lambda _: 666, lambda _: 999, None)  # expect: JG103


def bug():
    return f1(jnp.array(1.0), 2.0, 3.0)


# --- must not be flagged ---


@jax.jit
def f3(x, a, b):
    return jax.lax.cond((x > a) & (x <= b), lambda _: 666, lambda _: 999, None)


def fixed():
    return f3(jnp.array(1.0), 2.0, 3.0)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
