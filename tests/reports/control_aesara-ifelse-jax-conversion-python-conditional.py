# Report: aesara-devs/aesara#178 https://github.com/aesara-devs/aesara/issues/178
# Class: 3 (everything created inside jit is traced: the condition is a graph input)
# Rule: JG101
# Reduced: "IfElse JAX conversion should use cond": the JAX translation of the `IfElse` Op picks
# its outputs with Python control flow on the condition input, "going to be problematic because
# of how JAX handles control flow when jit-ing": the converted graph is jitted, so the condition
# is a tracer. Here the dispatcher is a plain factory for the converted op and the compiled graph
# is a jitted closure that calls it. Fix (the thread's): `jax.lax.cond` on the condition, both
# branches returning the same structure.
import jax
import jax.numpy as jnp


class IfElse:
    def __init__(self, n_outs):
        self.n_outs = n_outs


# --- must be flagged ---


def jax_funcify_ifelse(op):
    n_outs = op.n_outs

    def ifelse(cond, *args):
        res = args[:n_outs] if cond else args[n_outs:]  # expect: JG101
        return res if n_outs > 1 else res[0]

    return ifelse


def bug():
    ifelse = jax_funcify_ifelse(IfElse(1))
    graph = jax.jit(lambda c, a, b: ifelse(c > 0, a, b))
    return graph(jnp.asarray(1.0), jnp.array([1, 2, 3]), jnp.array([-1, -2, -3]))


# --- must not be flagged ---


def jax_funcify_ifelse_cond(op):
    n_outs = op.n_outs

    def ifelse(cond, *args):
        res = jax.lax.cond(cond, lambda: args[:n_outs], lambda: args[n_outs:])
        return res if n_outs > 1 else res[0]

    return ifelse


def fixed():
    ifelse = jax_funcify_ifelse_cond(IfElse(1))
    graph = jax.jit(lambda c, a, b: ifelse(c > 0, a, b))
    return graph(jnp.asarray(1.0), jnp.array([1, 2, 3]), jnp.array([-1, -2, -3]))


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
