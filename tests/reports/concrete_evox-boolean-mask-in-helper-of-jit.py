# Report: https://evox.readthedocs.io/en/v0.9.1-dev/_sources/guide/developer/2-jit-able.md (EvoX developer guide, "A common pitfall in jit")
# Class: 4 (a helper that is not jitted itself runs inside the jitted caller)
# Rule: JG105
# Reduced: the guide's example: `@jax.jit def foo(x): return bar(x)` with `def bar(x): return
# x[x > 0]  # dynamic index, not jit-able`: "Even though `bar` is not marked with `jax.jit`, it is
# still compiled as `foo` calls `bar`", and the boolean mask raises. Fix: a fixed-size result
# (`jnp.where`) instead of the mask.
import jax
import jax.numpy as jnp

# --- must be flagged ---


def bar(x):
    return x[x > 0]  # expect: JG105


@jax.jit
def foo(x):
    return bar(x)


def bug():
    return foo(jnp.array([-1.0, 2.0, 3.0]))


# --- must not be flagged ---


def bar_fixed(x):
    return jnp.where(x > 0, x, 0.0)


@jax.jit
def foo_fixed(x):
    return bar_fixed(x)


def fixed():
    return foo_fixed(jnp.array([-1.0, 2.0, 3.0]))


RAISES = [(bug, "NonConcreteBooleanIndexError")]
RUNS = [fixed]
