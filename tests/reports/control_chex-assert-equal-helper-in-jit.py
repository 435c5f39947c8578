# Report: google-deepmind/chex#387 https://github.com/google-deepmind/chex/issues/387
# Class: 4 (a traced value's truth tested in an assertion helper)
# Rule: JG101
# Reduced: `chex.assert_equal(x, 0)` inside a `@jax.jit` function (chexified) fails: the
# assertion compares its arguments on the host (`unittest.TestCase().assertEqual`, i.e.
# `if not first == second`), which takes the truth value of a traced comparison. The chex helper
# is reduced to that comparison. Fix (the PR's direction): a value assertion staged into the
# computation, here `checkify.check` under `checkify.checkify`.
import jax
import jax.numpy as jnp
from jax.experimental import checkify


def assert_equal(first, second):
    if not first == second:  # expect: JG101
        raise AssertionError(f"{first} != {second}")


# --- must be flagged ---


@jax.jit
def f(x):
    assert_equal(x, 0)
    return x + 1


def bug():
    return f(0)


# --- must not be flagged ---


@jax.jit
def g(x):
    checkify.check(jnp.all(x == 0), "x must equal 0")
    return x + 1


def fixed():
    err, out = checkify.checkify(g)(0)
    err.throw()
    return out


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
