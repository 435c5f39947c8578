# Report: jax-ml/jax#2912 https://github.com/jax-ml/jax/issues/2912
# Class: 5 (what reaches a static position: a traced value in a custom_vjp nondiff_argnums slot)
# Rule: JG203
# Reduced: `@partial(custom_vjp, nondiff_argnums=(0,)) def f(s, p)`, called as `f(s, p)` inside
# `@jit def g(s, p)`, then `grad(partial(g, 0.2))(0.1)`: under `jit`, `s` is a tracer, and a
# tracer in a `nondiff_argnums` position is refused (today: UnexpectedTracerError "Found a JAX
# Tracer object passed as an argument to a custom_vjp function in a position indicated by
# nondiff_argnums as non-differentiable"). Fix (the one the JAX docs give): keep array-valued
# arguments out of `nondiff_argnums` and return a zero cotangent for them.
from functools import partial

import jax
from jax import custom_vjp, grad, jit


@partial(custom_vjp, nondiff_argnums=(0,))
def f(s, p):
    return s * p


def fwd(s, p):
    return s * p, ()


def bwd(s, residuals, f_bar):
    return (s * f_bar,)


f.defvjp(fwd, bwd)


# --- must be flagged ---


@jit
def g(s, p):
    return f(s, p)  # expect: JG203


def bug():
    return grad(partial(g, 0.2))(0.1)


# --- must not be flagged ---


@custom_vjp
def f2(s, p):
    return s * p


def fwd2(s, p):
    return s * p, (s,)


def bwd2(residuals, f_bar):
    (s,) = residuals
    return (0.0 * s, s * f_bar)


f2.defvjp(fwd2, bwd2)


@jit
def g2(s, p):
    return f2(s, p)


def fixed():
    return grad(partial(g2, 0.2))(0.1)


RAISES = [(bug, "UnexpectedTracerError")]
RUNS = [fixed]
