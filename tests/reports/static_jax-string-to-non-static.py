# Report: jax-ml/jax#23860 https://github.com/jax-ml/jax/pull/23860 (fixes jax-ml/jax#23855)
# Class: 5 (a non-array argument not declared static: a string)
# Rule: JG206 (a string at a non-static position)
# Reduced: the PR's example, `f('foo')` with `f` a plain `@jax.jit` identity; JAX raises
# TypeError "Error interpreting argument ... as an abstract array". The PR shows only this toy;
# the code of #23855 is not shown. Fix: declare the argument static.
import functools

import jax

# --- must be flagged ---


@jax.jit
def f(x):
    return x


def bug():
    return f("foo")  # expect: JG206


# --- must not be flagged ---


@functools.partial(jax.jit, static_argnums=0)
def f_static(x):
    return len(x)


def fixed():
    return f_static("foo")


RAISES = [(bug, "TypeError")]
RUNS = [fixed]
