# Report: google/flax#4146 https://github.com/google/flax/issues/4146
# Class: 2 (arguments JAX needs static: a flag made static by name but passed by position)
# Rule: JG101
# Reduced: "Discrepency between `jax.jit` and `nnx.jit` for `static_argnames`":
# `@partial(nnx.jit, static_argnames=("cond",)) def f(x, cond): if cond: ...` called as
# `f(jnp.array(1), True)` raises TracerBoolConversionError ("depends on the value of the argument
# args[1]"), while `jax.jit` works: nnx.jit jits an inner `jit_fn(*args, **kwargs)`, so the name
# `cond` only matches a keyword, and the positional True is traced. Fix (the thread's):
# `f(jnp.array(1), cond=True)`. Here the wrapper is a minimal nnx-like jit around `*args, **kwargs`.
import functools

import jax
import jax.numpy as jnp


def nnx_like_jit(fun=None, *, static_argnames=()):
    if fun is None:
        return functools.partial(nnx_like_jit, static_argnames=static_argnames)

    def jit_fn(*args, **kwargs):
        return fun(*args, **kwargs)

    jitted = jax.jit(jit_fn, static_argnames=static_argnames)

    @functools.wraps(fun)
    def wrapper(*args, **kwargs):
        return jitted(*args, **kwargs)

    return wrapper


# --- must be flagged ---


@functools.partial(nnx_like_jit, static_argnames=("cond",))
def f(x, cond):
    if cond:  # expect: JG101
        return x
    else:
        return x + 1


def bug():
    return f(jnp.array(1), True)


# --- must not be flagged ---


@functools.partial(nnx_like_jit, static_argnames=("cond",))
def g(x, cond):
    if cond:
        return x
    else:
        return x + 1


def fixed():
    return g(jnp.array(1), cond=True), g(jnp.array(1), cond=False)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
