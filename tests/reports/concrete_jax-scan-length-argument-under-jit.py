# Report: jax-ml/jax#3603 https://github.com/jax-ml/jax/issues/3603
# Class: 2 (an argument JAX needs static: the length of lax.scan)
# Rule: JG105
# Reduced: the minimal example, `jax.lax.scan(f, [1], xs=None, length=length)` inside
# `do_stuff(length)`, fails under `jax.jit(do_stuff)(10)` (the length is traced; today "The
# `length` argument to `scan` expects a concrete `int` value", #23228). Fix: mark it static.
import jax

# --- must be flagged ---


def do_stuff(length):
    def f(carry, x):
        return carry, [None]

    return jax.lax.scan(f, [1], xs=None, length=length)  # expect: JG105


def bug():
    return jax.jit(do_stuff)(10)


# --- must not be flagged ---


def fixed():
    return jax.jit(do_stuff, static_argnums=0)(10)


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
