# Report: patrick-kidger/equinox#1127 https://github.com/patrick-kidger/equinox/issues/1127
# Class: 5 (what reaches a traced position: a model pytree with a function leaf)
# Rule: JG206
# Reduced: "Help understanding this behavior with pure jax jit compatibility": `m1 =
# eqx.nn.MLP(4, 4, 64, 2, jax.nn.gelu, key=key)`, `@jax.jit def f(model, x): return model(x)`,
# `f(m1, jnp.arange(4))` raises "TypeError: Error interpreting argument to <function f> as an
# abstract array. The problematic value is of type <class 'function'> and was passed to the
# function at path model.activation." -- jax.jit traces every leaf of every argument, and the
# MLP's activation is a plain function leaf of the module pytree. The thread's working form is
# `eqx.filter_jit`, which traces only the array leaves and keeps the rest static.
import equinox as eqx
import jax
import jax.numpy as jnp

key = jax.random.key(0)
m1 = eqx.nn.MLP(4, 4, 64, 2, jax.nn.gelu, key=key)


# --- must be flagged ---


@jax.jit
def f(model, x):
    return model(x)


def crashes():
    return f(m1, jnp.arange(4.0))  # expect: JG206


# --- must not be flagged ---


@eqx.filter_jit
def g(model, x):
    return model(x)


def works():
    return g(m1, jnp.arange(4.0))


RAISES = [(crashes, "TypeError")]
RUNS = [works]
