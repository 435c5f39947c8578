# Report: jax-ml/jax#32993 https://github.com/jax-ml/jax/issues/32993
# Class: 4 (a slice size from the mapped value of a vmap)
# Rule: JG105
# Reduced: "JAX Tracing as an option": a Levi-Civita symbol as a product of differences,
# `subcivi = lambda k: jnp.prod(a[k] - lax.dynamic_slice(a, (0,), (k,)), 0)` vmapped over
# `lax.iota(jnp.uint32, n)`: the slice size `k` is the mapped value, a tracer, and a slice size
# must be a Python integer (the user wanted "tracing as an option"; every slice has its own
# length, a ragged array). Legal form: a fixed-size product with the entries at positions >= k
# masked to 1 (`jnp.where(jnp.arange(n) < k, a[k] - a, 1)`), which vmap maps without shapes
# that depend on values.
import jax
import jax.numpy as jnp
from jax import lax

a = lax.iota(jnp.float32, 4)

fac = jax.jit(lambda i: lax.exp(lax.lgamma(i + 1)))


@jax.jit
def superfact(n, b=1):
    return fac(fac(n) // b) // b


# --- must be flagged ---


def levicivi(a):
    n = a.shape[0]
    subcivi = lambda k: jnp.prod(a[k] - lax.dynamic_slice(a, (0,), (k,)), 0)  # expect: JG105
    return jnp.prod(jax.vmap(subcivi)(lax.iota(jnp.uint32, n))) / superfact(n - 1.0)


def bug():
    return levicivi(a)


# --- must not be flagged ---


def levicivi_masked(a):
    n = a.shape[0]
    positions = jnp.arange(n)
    subcivi = lambda k: jnp.prod(jnp.where(positions < k, a[k] - a, 1.0))
    return jnp.prod(jax.vmap(subcivi)(jnp.arange(n))) / superfact(n - 1.0)


def fixed():
    return levicivi_masked(a)


RAISES = [(bug, "TypeError")]
RUNS = [fixed]
