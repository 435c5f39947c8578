# Report: https://gist.github.com/mwitiderrick?page=3 (the code cells of a JAX tutorial kept as gists: `f(boolean, x)` under `@jax.jit`, then with `static_argnums=(0,)`)
# Class: 2 (arguments JAX needs static: a Python flag that picks the computation)
# Rule: JG101
# Reduced: `@jax.jit def f(boolean, x): return -x if boolean else x`, called as `f(True, 1)`:
# the flag is traced like any argument, and the conditional expression needs its truth value
# (the gist shows "ConcretizationTypeError: Abstract tracer value encountered where concrete
# value is expected"; 0.10.2 raises its subclass TracerBoolConversionError). The gist's fix:
# `@partial(jax.jit, static_argnums=(0,))`.
from functools import partial

import jax

# --- must be flagged ---


@jax.jit
def f(boolean, x):
    return -x if boolean else x  # expect: JG101


def bug():
    return f(True, 1)


# --- must not be flagged ---


@partial(jax.jit, static_argnums=(0,))
def f_static(boolean, x):
    return -x if boolean else x


def fixed():
    return f_static(True, 1), f_static(False, 1)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
