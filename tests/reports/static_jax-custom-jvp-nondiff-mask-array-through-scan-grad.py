# Report: jax-ml/jax#20889 https://github.com/jax-ml/jax/issues/20889
# Class: 5 (what reaches a static position: an array in a custom_jvp nondiff_argnums slot)
# Rule: JG203
# Reduced: the user's repro in the issue: `func = jax.custom_jvp(func_fwd, nondiff_argnums=(1,))`
# with a boolean `mask` array in that slot, called in the body of a `lax.scan` whose carry holds
# the mask, and differentiated with `jax.grad`: "don't use nondiff_argnums for array-valued
# arguments. It'll often lead to 'encountered an unexpected tracer' errors" (today:
# UnexpectedTracerError). Fix: pass the mask as an ordinary argument and give it a zero tangent.
import jax
from jax import numpy as jnp


def func_fwd(arr, mask):
    return arr * mask


def func_jvp(mask, primals, tangents):
    def f(arr):
        return arr * mask

    return jax.jvp(f, primals, tangents)


func = jax.custom_jvp(func_fwd, nondiff_argnums=(1,))
func.defjvp(func_jvp)


# --- must be flagged ---


def step(carry, _):
    return (func(*carry), carry[1]), None  # expect: JG203


def loss(x, mask):
    carry, _ = jax.lax.scan(step, (x, mask), None, length=2)
    return carry[0].sum()


def bug():
    return jax.grad(loss)(jnp.ones(10), jnp.zeros(10, dtype=bool))


# --- must not be flagged ---


@jax.custom_jvp
def func2(arr, mask):
    return arr * mask


@func2.defjvp
def func2_jvp(primals, tangents):
    arr, mask = primals
    arr_dot, _ = tangents
    return arr * mask, arr_dot * mask


def step2(carry, _):
    return (func2(*carry), carry[1]), None


def loss2(x, mask):
    carry, _ = jax.lax.scan(step2, (x, mask), None, length=2)
    return carry[0].sum()


def fixed():
    return jax.grad(loss2)(jnp.ones(10), jnp.zeros(10))


RAISES = [(bug, "UnexpectedTracerError")]
RUNS = [fixed]
