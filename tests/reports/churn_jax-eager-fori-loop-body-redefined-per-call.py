# Report: jax-ml/jax#1394 https://github.com/jax-ml/jax/pull/1394
# Class: 6 (churn that comes from call structure: a new loop body on every eager call)
# Rule: JG301
# Reduced: "Ensure all ops get cache hits on second op-by-op mode call": run outside `jit`, the LU
# decomposition recompiled on every call because "this function being redefined every time LU is
# called and then passed as an argument to fori_loop" (and `fori_loop` itself built fresh
# functions); an eager loop is compiled and cached by the identity of its body. Here an
# elimination routine defines its step inside and runs it with `lax.fori_loop`, called for several
# matrices. Fix (the PR's): define the body once, outside the function.
import jax.numpy as jnp
from jax import lax


# --- must be flagged ---


def eliminate(a):
    n = a.shape[0]
    rows = jnp.arange(n)

    def body(k, a):
        factor = jnp.where(rows > k, a[:, k] / a[k, k], 0.0)
        return a - factor[:, None] * a[k][None, :]

    return lax.fori_loop(0, n - 1, body, a)  # expect: JG301


def factor_many(n):
    return [eliminate(jnp.eye(3) * (4.0 + i) + 1.0) for i in range(n)]


# --- must not be flagged ---


def _eliminate_body(k, a):
    rows = jnp.arange(a.shape[0])
    factor = jnp.where(rows > k, a[:, k] / a[k, k], 0.0)
    return a - factor[:, None] * a[k][None, :]


def eliminate_cached(a):
    return lax.fori_loop(0, a.shape[0] - 1, _eliminate_body, a)


def factor_many_cached(n):
    return [eliminate_cached(jnp.eye(3) * (4.0 + i) + 1.0) for i in range(n)]


GROWS = [factor_many]
BOUNDED = [factor_many_cached]
