# Report: jax-ml/jax#22513 https://github.com/jax-ml/jax/issues/22513
# Class: 5 (what reaches a static position: an argument `custom_jvp` traces)
# Rule: JG203
# Reduced: "`custom_jvp` slows down functions": the reporter's minimal function is a
# `jax.custom_jvp` wrapped around a jitted `fun(x, n, dx)` (the dx-th derivative of x**n) whose
# `dx` is static (`if dx == 0:` and a loop count depend on it); jitting the whole thing, even with
# `static_argnums` for `dx`, fails, because `custom_jvp` treats every argument not listed in
# `nondiff_argnums` as a traced input and hands the inner jit a tracer at its static position.
# Fix: `nondiff_argnums=(2,)`, so `dx` stays a Python int (the JVP rule then takes it first).
from functools import partial

import jax
import jax.numpy as jnp
from jax.lax import fori_loop


# --- must be flagged ---


@jax.custom_jvp
@partial(jax.jit, static_argnums=2)
def fun(x, n, dx):
    if dx == 0:
        return x**n
    coef = fori_loop(0, dx, lambda i, c: c * (n - i), 1)
    return coef * x ** (n - dx)


@fun.defjvp
def _fun_jvp(primals, tangents):
    x, n, dx = primals
    xdot, _, _ = tangents
    return fun(x, n, dx), fun(x, n, dx + 1) * xdot


def bug():
    f = jax.jit(fun, static_argnums=2)
    return f(jnp.arange(3.0), 4, 1)  # expect: JG203


# --- must not be flagged ---


@partial(jax.custom_jvp, nondiff_argnums=(2,))
@partial(jax.jit, static_argnums=2)
def fun_nd(x, n, dx):
    if dx == 0:
        return x**n
    coef = fori_loop(0, dx, lambda i, c: c * (n - i), 1)
    return coef * x ** (n - dx)


@fun_nd.defjvp
def _fun_nd_jvp(dx, primals, tangents):
    x, n = primals
    xdot, _ = tangents
    return fun_nd(x, n, dx), fun_nd(x, n, dx + 1) * xdot


def fixed():
    f = jax.jit(fun_nd, static_argnums=2)
    return f(jnp.arange(3.0), 4, 1), jax.grad(lambda x: jnp.sum(f(x, 4, 1)))(jnp.arange(3.0))


RAISES = [(bug, "ValueError")]
RUNS = [fixed]
