# Report: jax-ml/jax#14183 https://github.com/jax-ml/jax/issues/14183
# Class: 6 (churn: the same jitted function called with a parameter by position and by keyword)
# Rule: JG304; no rule fits exactly: the same traced parameter passed positionally at one call
# site and by keyword (through `Partial(f, parameter=...)`) at another is a second call
# signature, hence a second compile (jit does not canonicalize kwargs, jax-ml/jax#595)
# Reduced: "using `jax.tree_util.Partial` or `lambda` function triggers compilation":
# `some_function(1, 1)` compiles, then `Partial(some_function, parameter=1)(1)` "compiles again"
# (the reporter's line profile), although shapes and dtypes are the same; lambdas that pass
# `parameter=` behave the same. Kept as in the thread. Fix: call the jitted function one way
# everywhere: the partial binds the keyword on a plain wrapper that calls `some_function`
# positionally.
import jax
from jax.tree_util import Partial


@jax.jit
def some_function(x, parameter):
    return x + parameter


# --- must be flagged ---


def test_compilation():
    some_function(1, 1)
    patial_function = Partial(some_function, parameter=1)
    patial_function(1)  # expect: JG304
    return patial_function(1)


# --- must not be flagged ---


def call_positionally(x, parameter):
    return some_function(x, parameter)


def test_compilation_positional():
    some_function(1, 1)
    patial_function = Partial(call_positionally, parameter=1)
    patial_function(1)
    return patial_function(1)


COMPILES = [(test_compilation, "some_function", 2), (test_compilation_positional, "some_function", 1)]
