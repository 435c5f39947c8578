# Report: pymc-devs/pytensor#1062 https://github.com/pymc-devs/pytensor/issues/1062
# Class: 3 (everything created inside jit is traced: the condition is a graph input)
# Rule: JG105
# Reduced: "JAX dispatch for `pt.where` is broken": the JAX translation of `where` forwards its
# arguments to `jnp.where`; with one argument, `where(cond)` is `nonzero`, whose output length
# depends on the values of `cond`, "which JAX is unlikely to support after jitting" (the compiled
# graph is jitted). Here the dispatcher is a plain factory and the compiled graph a jitted closure
# that calls the converted op with the condition only. Fix: give the one-argument form the static
# `size` (and `fill_value`) JAX needs for a value-dependent length.
import jax
import jax.numpy as jnp


# --- must be flagged ---


def jax_funcify_where(op=None):
    def where(cond, x=None, y=None):
        if x is None and y is None:
            return jnp.where(cond)  # expect: JG105
        return jnp.where(cond, x, y)

    return where


def bug():
    where = jax_funcify_where()
    graph = jax.jit(lambda v: where(v > 0))
    return graph(jnp.array([1.0, -1.0, 2.0]))


# --- must not be flagged ---


def jax_funcify_where_sized(op=None):
    def where(cond, x=None, y=None):
        if x is None and y is None:
            return jnp.where(cond, size=cond.size, fill_value=-1)
        return jnp.where(cond, x, y)

    return where


def fixed():
    where = jax_funcify_where_sized()
    graph = jax.jit(lambda v: where(v > 0))
    return graph(jnp.array([1.0, -1.0, 2.0]))


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
