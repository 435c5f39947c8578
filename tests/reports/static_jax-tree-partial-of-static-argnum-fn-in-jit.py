# Report: jax-ml/jax#5609 https://github.com/jax-ml/jax/issues/5609
# Class: 5 (what reaches a static position: a value bound in a `jax.tree_util.Partial` is traced, then given to a static argnum)
# Rule: JG203 (a tracer passed where the jitted function expects a static argument)
# Reduced: "Function with `static_argnums` as `jit`ed function argument": `f(x, fn)` is jitted and
# applies `fn` twice; `fn = jax.tree_util.Partial(fn_with_static_arg, p)` binds `p`, which
# `fn_with_static_arg` declares static (`static_argnums=(0,)`, used as `jnp.tile(x, (p,))`). A
# `Partial` is a pytree whose bound arguments are leaves, so inside `f` the bound `p` is a tracer
# and reaches the static position: "Non-hashable static arguments ... DynamicJaxprTracer". The
# thread's own working variant (`fn_simple`, no static argument) is the look-alike, together with
# the fix given there: mark the function argument of `f` static (a `functools.partial` bound
# outside).
from functools import partial

import jax
import jax.numpy as jnp

# --- must be flagged ---


@jax.jit
def f(x, fn):
    return fn(fn(x))  # expect: JG203


@partial(jax.jit, static_argnums=(0,))
def fn_with_static_arg(p, x):
    return jnp.tile(x, (p,))


def bug():
    x = jnp.arange(3)
    return f(x, jax.tree_util.Partial(fn_with_static_arg, 2))


# --- must not be flagged ---


@jax.jit
def fn_simple(p, x):
    return x**p


def works():
    return f(jnp.arange(3), jax.tree_util.Partial(fn_simple, 2))


@partial(jax.jit, static_argnums=(1,))
def f_static(x, fn):
    return fn(fn(x))


def fixed():
    return f_static(jnp.arange(3), partial(fn_with_static_arg, 2))


RAISES = [(bug, "ValueError")]
RUNS = [works, fixed]
