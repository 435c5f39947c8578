# Report: jax-ml/jax#282 https://github.com/jax-ml/jax/issues/282
# Class: 6 (churn that comes from data: a new function object jitted for every data point)
# Rule: JG301
# Reduced: "jit cache leaks memory": for many identically shaped `x`, the user wants one forward
# pass and many backward passes, so writes `for x in many_xs: fx, vjp_fun = jax.vjp(f, x);
# vjp_fun = jax.jit(vjp_fun); for v in many_vs: vjp_fun(v)` — "this is bad, because `vjp_fun`
# needs be recompiled for each x even though the code is the same (just the data cached inside
# `vjp_fun` changed)": every `jax.vjp` returns a new closure and jit caches per function object.
# The thread's alternative that compiles once is a single jitted `new_vjp_fun(x, v)` defined
# outside the loop (it redoes the forward pass per `v`, which is what the issue is about).
import jax
import jax.numpy as jnp


def f(x):
    return jnp.sin(x) * x


many_vs = [jnp.ones(3) * k for k in range(2)]


# --- must be flagged ---


def backward_passes(n):
    for i in range(n):
        x = jnp.ones(3) * i
        fx, vjp_fun = jax.vjp(f, x)
        vjp_fun = jax.jit(vjp_fun)  # expect: JG301
        for v in many_vs:
            vjp_fun(v)


# --- must not be flagged ---


@jax.jit
def new_vjp_fun(x, v):
    fx, vjp_fun = jax.vjp(f, x)
    return vjp_fun(v)


def backward_passes_fixed(n):
    for i in range(n):
        x = jnp.ones(3) * i
        for v in many_vs:
            new_vjp_fun(x, v)


GROWS = [backward_passes]
BOUNDED = [backward_passes_fixed]
