# Report: patrick-kidger/lineax#187 https://github.com/patrick-kidger/lineax/issues/187
# Class: 3 (a Python bool option that reaches traced code as a traced array)
# Rule: JG101
# Reduced: lineax's `LU.compute` does `trans = 1 if transpose else 0`; since jax 0.8.2 the
# `transpose` flag reaches it as a tracer (it travels with the traced operands of the solve), and
# the conditional expression raises TracerBoolConversionError inside a diffrax implicit solve.
# Here the flag is an ordinary (non-static) argument of a jitted solve, which makes it a traced
# bool the same way. Fix: keep the flag a Python value (`static_argnames`).
import jax
import jax.numpy as jnp
import jax.scipy.linalg as jsl


def lu_compute(lu_and_piv, vector, transpose):
    trans = 1 if transpose else 0  # expect: JG101
    return jsl.lu_solve(lu_and_piv, vector, trans=trans)


def linear_solve(matrix, vector, transpose):
    return lu_compute(jsl.lu_factor(matrix), vector, transpose)


# --- must be flagged ---


def bug():
    return jax.jit(linear_solve)(2.0 * jnp.eye(2), jnp.ones(2), False)


# --- must not be flagged ---


def fixed():
    solve = jax.jit(linear_solve, static_argnames=("transpose",))
    return solve(2.0 * jnp.eye(2), jnp.ones(2), transpose=False)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
