# Report: jax-ml/jax#1443 https://github.com/jax-ml/jax/issues/1443
# Class: 5 (what reaches a traced position: a Python function passed as an argument to jit)
# Rule: JG206
# Reduced: "Function as an argument in jitted functions": implementing deflated power iteration
# (after pytorch-hessian-eigenthings' power_iter.py), "I need to use an operator within a loop. How
# can I pass a function as an argument to another function while still being able to jit it?"
# Passing the operator at a traced position fails: a function is not a valid JAX type. The answers:
# "Wrap the passed function in `jax.tree_util.Partial()`, which can be passed as an argument into a
# `jit` compiled function" (it must not be a closure), or mark it static; the look-alike uses
# `Partial` around a module-level operator with the matrix as its argument.
import jax
import jax.numpy as jnp
from jax.tree_util import Partial

A = jnp.array([[4.0, 1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0, 2.0]])
V0 = jnp.ones(3) / jnp.sqrt(3.0)


@jax.jit
def power_iteration(operator, v0):
    def body(_, v):
        w = operator(v)
        return w / jnp.linalg.norm(w)

    v = jax.lax.fori_loop(0, 100, body, v0)
    return jnp.dot(v, operator(v)), v


# --- must be flagged ---


def deflated_top_eigs():
    eig1, u1 = power_iteration(Partial(jnp.dot, A), V0)
    return power_iteration(lambda v: A @ v - eig1 * jnp.dot(u1, v) * u1, V0)  # expect: JG206


def crashes():
    return deflated_top_eigs()


# --- must not be flagged ---


def deflated_matvec(matrix, eig, u, v):
    return matrix @ v - eig * jnp.dot(u, v) * u


def deflated_top_eigs_partial():
    eig1, u1 = power_iteration(Partial(jnp.dot, A), V0)
    return power_iteration(Partial(deflated_matvec, A, eig1, u1), V0)


def works():
    return deflated_top_eigs_partial()


RAISES = [(crashes, "TypeError")]
RUNS = [works]
