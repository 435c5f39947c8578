# Report: jax-ml/jax#9298 https://github.com/jax-ml/jax/issues/9298
# Class: 3 (everything created inside jit is traced: a counter decremented between two jitted functions)
# Rule: JG101
# Reduced: in "A case in which `jax.jit` changes results, prevents backprop, and inhibits
# optimisations", a commenter shows `f(init, lower)` and `g(init, lower)` that recurse into each
# other with `if lower < 1: return 0. else: return g(init, lower - 1)`, called as `h() = f(0., 2)`:
# "If `f` and `g` are `@jit`-ed and `h` is not, we see the familiar ConcretizationTypeError",
# because `lower` is an argument of a jitted function, so it is traced and `lower < 1` has no
# Python truth value. Fix (the thread's "should really be typed as" static): mark `lower` static
# in both jits, so the recursion unrolls on Python ints.
from functools import partial

import jax

# --- must be flagged ---


@jax.jit
def f(init, lower):
    if lower < 1:  # expect: JG101
        return init
    return g(init, lower - 1)


@jax.jit
def g(init, lower):
    if lower < 1:
        return init
    return f(init, lower - 1)


def h():
    return f(0.0, 2)


# --- must not be flagged ---


@partial(jax.jit, static_argnums=1)
def f_static(init, lower):
    if lower < 1:
        return init
    return g_static(init, lower - 1)


@partial(jax.jit, static_argnums=1)
def g_static(init, lower):
    if lower < 1:
        return init
    return f_static(init, lower - 1)


def h_static():
    return f_static(0.0, 2)


RAISES = [(h, "TracerBoolConversionError")]
RUNS = [h_static]
