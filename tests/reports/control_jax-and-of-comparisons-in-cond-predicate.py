# Report: jax-ml/jax#3761 https://github.com/jax-ml/jax/issues/3761
# Class: 4 (Python `and` on traced comparisons, inside the predicate of `lax.cond`)
# Rule: JG103
# Reduced: "logical operators with jit?": `jax.lax.cond(x < 0, true_fn, false_fn, x)` works under
# jit, but `jax.lax.cond(x < 0 and y < 0, true_fn, false_fn, x)` fails ("it seems like logical
# operators might be the problem"); without jit it works, because the comparisons are concrete.
# The thread's functions are kept (jitted branch functions, jitted tests). Fix (the answer in
# the thread): the element-wise operator, `(x < 0) & (y < 0)`.
import jax
from jax import jit


@jit
def true_fn(x):
    return x - 5000.0


@jit
def false_fn(x):
    return x + 100.0


# --- must be flagged ---


@jit
def cond_test_2(x, y):
    return jax.lax.cond(x < 0 and y < 0, true_fn, false_fn, x)  # expect: JG103


def bug():
    return cond_test_2(0.3, 0.1)


# --- must not be flagged ---


@jit
def cond_test_1(x, y):
    return jax.lax.cond(x < 0, true_fn, false_fn, x)


@jit
def cond_test_3(x, y):
    return jax.lax.cond((x < 0) & (y < 0), true_fn, false_fn, x)


def cond_test_2_no_jit(x, y):
    return jax.lax.cond(x < 0 and y < 0, true_fn, false_fn, x)


def fixed():
    return cond_test_1(0.3, 0.1) + cond_test_3(0.3, 0.1) + cond_test_2_no_jit(0.3, 0.1)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
