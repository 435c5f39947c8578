# Report: lucidrains/jax2torch#5 https://github.com/lucidrains/jax2torch/issues/5
# Class: 5 (what reaches a traced position: a plain class instance the jitted function declares static, differentiated through by a wrapper)
# Rule: JG206 (an instance of a plain class passed where the function traces its argument)
# Reduced: "Handling static non-pytree arguments": `jax_func(b, a)` is jitted with
# `static_argnames=["a"]` (`a` an instance of a plain class `A`), and `jax2torch(jax_func)` wraps
# it; the wrapper's forward does `jax.vjp(fn, *args)` over all bound arguments, so `a` reaches a
# traced position of `vjp` and JAX rejects it as "not a valid JAX type". torch is not installed:
# the wrapper keeps jax2torch's shape (bind the signature, `jax.vjp(fn, *arguments)`, keep the
# vjp function for backward) with arrays in place of tensors. Fix: close over the static
# argument before `vjp` (a `functools.partial`), so only arrays are differentiated.
import functools
import inspect
from functools import partial

import jax
import jax.numpy as jnp


class A:
    def __init__(self, x):
        self.x = x


@partial(jax.jit, static_argnames=["a"])
def jax_func(b, a):
    return b + a.x


# --- must be flagged ---


def jax2torch(fn):
    sig = inspect.signature(fn)

    def inner(*args, **kwargs):
        bound = sig.bind(*args, **kwargs)
        bound.apply_defaults()
        y_, fun_vjp = jax.vjp(fn, *bound.arguments.values())  # expect: JG206
        return y_, fun_vjp

    return inner


def bug():
    torch_func = jax2torch(jax_func)
    return torch_func(jnp.array([1.0]), A(1.0))[0]


# --- must not be flagged ---


def jax2torch_static(fn, static_argnames=()):
    sig = inspect.signature(fn)

    def inner(*args, **kwargs):
        bound = sig.bind(*args, **kwargs)
        bound.apply_defaults()
        static = {k: v for k, v in bound.arguments.items() if k in static_argnames}
        dynamic = [v for k, v in bound.arguments.items() if k not in static_argnames]
        y_, fun_vjp = jax.vjp(functools.partial(fn, **static), *dynamic)
        return y_, fun_vjp

    return inner


def fixed():
    torch_func = jax2torch_static(jax_func, static_argnames=("a",))
    return torch_func(jnp.array([1.0]), A(1.0))[0]


RAISES = [(bug, "TypeError")]
RUNS = [fixed]
