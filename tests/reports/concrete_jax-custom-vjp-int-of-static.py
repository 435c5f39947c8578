# Report: jax-ml/jax#11646 https://github.com/jax-ml/jax/issues/11646
# Class: 4 (Python on traced values, deeper: a custom_vjp function receives tracers for every argument)
# Rule: JG104
# Reduced: the issue's `do_something(z, x)` is a `jax.custom_vjp` function that takes
# `sq = int(x)`; the caller jits with `x` static, but custom_vjp traces all its arguments, so
# `int(x)` fails (the 2022 report saw an IndexError; JAX 0.10.2 raises ConcretizationTypeError
# from the same line). Fix: declare `x` in `nondiff_argnums`, which keeps it a Python value.
from functools import partial

import jax

# --- must be flagged ---


@jax.custom_vjp
def do_something(z, x):
    sq = int(x)  # expect: JG104
    return z**sq


def do_smth_fwd(z, x):
    return do_something(z, x), (z, x)


def do_smth_bwd(residual, g):
    z, x = residual
    return g * 2 * z, None


do_something.defvjp(do_smth_fwd, do_smth_bwd)


@partial(jax.jit, static_argnums=(1,))
def f(z, x):
    return do_something(z, x)


def bug():
    return f(3.0, 2.0)


# --- must not be flagged ---


@partial(jax.custom_vjp, nondiff_argnums=(1,))
def do_something_static(z, x):
    sq = int(x)
    return z**sq


def fwd_static(z, x):
    return do_something_static(z, x), z


def bwd_static(x, z, g):
    sq = int(x)
    return (g * sq * z ** (sq - 1),)


do_something_static.defvjp(fwd_static, bwd_static)


@partial(jax.jit, static_argnums=(1,))
def f_static(z, x):
    return do_something_static(z, x)


def fixed():
    return f_static(3.0, 2.0), jax.grad(f_static)(3.0, 2.0)


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
